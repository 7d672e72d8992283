package dev.petrel.store.contract;

import java.nio.file.Path;
import java.util.Map;

/** The contract on a LocalMessageStore with the ASYNC_FLUSH gate (confirmed = in the page cache). */
class LocalAsyncStoreContractTest extends MessageStoreContract {
    @Override
    StoreHarness harness(Path dir) {
        return new LocalHarness(dir, Map.of("flushDiskType", "ASYNC_FLUSH"));
    }
}
