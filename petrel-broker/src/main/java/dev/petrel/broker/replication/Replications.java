package dev.petrel.broker.replication;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerIdentity;
import dev.petrel.broker.dledger.DLedgerConfig;
import dev.petrel.broker.dledger.RaftReplication;
import dev.petrel.broker.ha.ClassicReplication;
import dev.petrel.broker.ha.HaConfig;
import dev.petrel.broker.ha.SlaveSynchronize;
import dev.petrel.broker.registration.NameServerRegistrar;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.store.StoreConfig;

import java.util.List;

/** Chooses the broker's {@link Replication} from its configuration. */
public final class Replications {

    /** Room for a record's header, topic and properties above {@code maxMessageSize} (the body limit). */
    private static final int RECORD_OVERHEAD = 64 * 1024;
    /** Per call of the slave's metadata sync (Apache: 3 s). */
    private static final long SLAVE_SYNC_TIMEOUT_MILLIS = 3000;

    private Replications() {
    }

    /**
     * The replication {@code config} asks for: classic master/slave by {@code brokerRole} (every master runs the HA
     * acceptor, as Apache's does, whether or not a slave ever connects).
     *
     * @param identity the resolved identity (listen port known)
     * @param clock    real time (the broker's liveness clock)
     * @param client   the broker's outgoing remoting client (a slave's metadata sync calls its master with it)
     * @param tables   what a slave copies from its master
     * @throws IllegalArgumentException a SLAVE with brokerId 0
     */
    public static Replication of(Config config, BrokerIdentity identity, Clock clock, RemotingClient client,
                                 MetadataTables tables) {
        HaConfig.Settings ha = HaConfig.Settings.of(config);
        if (config.get(DLedgerConfig.ENABLE_D_LEGER_COMMIT_LOG)) {
            // Followers copy the leader's metadata as classic slaves copy their master's, from the address the
            // NameServer has as brokerId 0 of this broker name.
            RaftReplication.MetadataCopy copy = new RaftReplication.MetadataCopy(client, tables, identity.address(),
                identity.brokerName(), NameServerRegistrar.parseAddresses(BrokerConfig.namesrvAddr(config)),
                config.get(HaConfig.SLAVE_SYNCHRONIZE_INTERVAL), SLAVE_SYNC_TIMEOUT_MILLIS);
            return new RaftReplication(config, StoreConfig.Settings.of(config).rootDir(),
                identity.ip2() + ":" + ha.haPort(identity.port()), clock, copy);
        }
        BrokerConfig.BrokerRole role = config.get(BrokerConfig.BROKER_ROLE);
        // listenPort 0 picked a free port for clients; the HA port is then picked freely too (its neighbour may be
        // taken), and registered as it was bound.
        int haPort = ha.haListenPort() == 0 && config.get(BrokerConfig.LISTEN_PORT) == 0 ? 0 : ha.haPort(identity.port());
        StoreConfig.Settings store = StoreConfig.Settings.of(config);
        SlaveSynchronize sync = role == BrokerConfig.BrokerRole.SLAVE
            ? new SlaveSynchronize(client, tables, identity.address(), config.get(HaConfig.SLAVE_SYNCHRONIZE_INTERVAL),
                SLAVE_SYNC_TIMEOUT_MILLIS, clock::millis)
            : null;
        int maxRecord = (int) Math.min(Integer.MAX_VALUE, (long) store.maxMessageSize() + RECORD_OVERHEAD);
        String bindHost = config.get(dev.petrel.remoting.RemotingServerConfig.BIND_ADDRESS);
        return ClassicReplication.of(role, ha, identity, haPort, bindHost, store.commitLogFileSize(), maxRecord, sync,
            role == BrokerConfig.BrokerRole.SLAVE ? List.of()
                : NameServerRegistrar.parseAddresses(BrokerConfig.namesrvAddr(config)), client, tables.offsets(),
            SLAVE_SYNC_TIMEOUT_MILLIS, clock);
    }

    /** A master replicating to nobody, without an HA acceptor (tests of other parts). */
    public static Replication none(BrokerIdentity identity) {
        return new NoReplication(dev.petrel.store.StoreRole.MASTER, identity.brokerId(),
            identity.ip2() + ":" + (identity.port() + 1));
    }
}
