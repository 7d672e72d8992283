package dev.petrel.store.contract;

import java.nio.file.Path;
import java.util.Map;

/** The contract on a replica: a SLAVE store fed by appendRecords with the bytes its primary wrote. */
class ReplicaStoreContractTest extends MessageStoreContract {
    @Override
    StoreHarness harness(Path dir) {
        return new ReplicaHarness(dir, Map.of());
    }
}
