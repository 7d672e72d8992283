package dev.petrel.store.contract;

import java.nio.file.Path;
import java.util.Map;

/** The contract on a LocalMessageStore with the SYNC_FLUSH gate (confirmed = forced to disk). */
class LocalSyncStoreContractTest extends MessageStoreContract {
    @Override
    StoreHarness harness(Path dir) {
        return new LocalHarness(dir, Map.of("flushDiskType", "SYNC_FLUSH"));
    }
}
