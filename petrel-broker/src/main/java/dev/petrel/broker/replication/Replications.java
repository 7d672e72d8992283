package dev.petrel.broker.replication;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerIdentity;
import dev.petrel.broker.dledger.DLedgerConfig;
import dev.petrel.broker.dledger.RaftReplication;
import dev.petrel.broker.ha.HaConfig;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.store.StoreConfig;

/** Chooses the broker's {@link Replication} from its configuration. */
public final class Replications {

    private Replications() {
    }

    /**
     * The replication {@code config} asks for.
     *
     * @param identity the resolved identity (listen port known)
     */
    public static Replication of(Config config, BrokerIdentity identity) {
        HaConfig.Settings ha = HaConfig.Settings.of(config);
        String haAddress = identity.ip2() + ":" + ha.haPort(identity.port());
        if (config.get(DLedgerConfig.ENABLE_D_LEGER_COMMIT_LOG)) {
            return new RaftReplication(config, StoreConfig.Settings.of(config).rootDir(), haAddress, Clock.system());
        }
        return new NoReplication(config.get(BrokerConfig.BROKER_ROLE).storeRole(), identity.brokerId(), haAddress);
    }

    /** A master replicating to nobody (tests of other parts). */
    public static Replication none(BrokerIdentity identity) {
        return new NoReplication(dev.petrel.store.StoreRole.MASTER, identity.brokerId(),
            identity.ip2() + ":" + (identity.port() + 1));
    }
}
