package dev.petrel.store.contract;

import java.nio.file.Path;
import java.util.Map;

/** The contract with the transient store pool (confirmed = committed by the commit loop). */
class LocalPoolStoreContractTest extends MessageStoreContract {
    @Override
    StoreHarness harness(Path dir) {
        return new LocalHarness(dir, Map.of("flushDiskType", "ASYNC_FLUSH", "transientStorePoolEnable", "true"));
    }
}
