package dev.petrel.broker.ha;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * Classic master/slave replication properties: Apache RocketMQ 5.3.1 {@code MessageStoreConfig} names and defaults
 * (ha.md §1.13, storage-layout.md §9). {@link Settings} is the typed view the HA classes receive. The role itself is
 * {@code BrokerConfig.BROKER_ROLE}.
 */
public final class HaConfig {

    public static final ConfigKey<Integer> HA_LISTEN_PORT = ConfigKey.ofInt("haListenPort", 0, 0, 65_535,
        "port of the HA acceptor; 0 means listenPort + 1");
    public static final ConfigKey<String> HA_MASTER_ADDRESS = ConfigKey.ofString("haMasterAddress", null,
        "SLAVE: the master's HA address ip:port; unset means learn it from the NameServer's REGISTER_BROKER response");
    public static final ConfigKey<Integer> HA_SEND_HEARTBEAT_INTERVAL = ConfigKey.ofInt("haSendHeartbeatInterval", 5000,
        1, Integer.MAX_VALUE, "ms without writing after which the slave reports its offset / the master sends a heartbeat");
    public static final ConfigKey<Integer> HA_HOUSEKEEPING_INTERVAL = ConfigKey.ofInt("haHousekeepingInterval", 20_000,
        1, Integer.MAX_VALUE, "ms without reading after which either side closes the HA connection");
    public static final ConfigKey<Integer> HA_TRANSFER_BATCH_SIZE = ConfigKey.ofInt("haTransferBatchSize", 32 * 1024,
        1, TransferFrameCodec.DEFAULT_MAX_BODY_SIZE, "most CommitLog bytes the master sends in one frame");
    public static final ConfigKey<Integer> HA_MAX_GAP_NOT_IN_SYNC = ConfigKey.ofInt("haMaxGapNotInSync",
        256 * 1024 * 1024, 0, Integer.MAX_VALUE,
        "SYNC_MASTER: a slave more than this many bytes behind is not in sync (puts answer SLAVE_NOT_AVAILABLE)");
    public static final ConfigKey<Integer> SLAVE_TIMEOUT = ConfigKey.ofInt("slaveTimeout", 3000, 1, Integer.MAX_VALUE,
        "SYNC_MASTER: ms a put waits for slave acks before it is answered FLUSH_SLAVE_TIMEOUT");
    public static final ConfigKey<Integer> IN_SYNC_REPLICAS = ConfigKey.ofInt("inSyncReplicas", 1, 1, 64,
        "SYNC_MASTER: replicas (the master counts as one) holding a record before its put completes; 1 means one "
            + "slave, as RocketMQ 4 (Apache 5.x does not wait at 1)");
    public static final ConfigKey<Integer> MIN_IN_SYNC_REPLICAS = ConfigKey.ofInt("minInSyncReplicas", 1, 1, 64,
        "SYNC_MASTER with enableAutoInSyncReplicas: the fewest replicas a put may wait for when slaves drop out");
    public static final ConfigKey<Boolean> ENABLE_AUTO_IN_SYNC_REPLICAS = ConfigKey.ofBoolean(
        "enableAutoInSyncReplicas", false, "SYNC_MASTER: wait for min(inSyncReplicas, replicas in sync), at least "
            + "minInSyncReplicas, instead of always inSyncReplicas");

    public static final ConfigKey<Integer> SLAVE_SYNCHRONIZE_INTERVAL = ConfigKey.ofInt("slaveSynchronizeInterval",
        10_000, 100, Integer.MAX_VALUE, "SLAVE and DLedger follower (Petrel): ms between copies of the master's "
            + "(leader's) topics, subscription groups, consumer and delay offsets (Apache: 60 s for a classic slave, 10 s "
            + "under DLedger)");

    public static final ConfigDef DEF = ConfigDef.of("ha", HA_LISTEN_PORT, HA_MASTER_ADDRESS,
        HA_SEND_HEARTBEAT_INTERVAL, HA_HOUSEKEEPING_INTERVAL, HA_TRANSFER_BATCH_SIZE, HA_MAX_GAP_NOT_IN_SYNC,
        SLAVE_TIMEOUT, IN_SYNC_REPLICAS, MIN_IN_SYNC_REPLICAS, ENABLE_AUTO_IN_SYNC_REPLICAS, SLAVE_SYNCHRONIZE_INTERVAL);

    private HaConfig() {
    }

    /** Typed, immutable settings. */
    public record Settings(int haListenPort, String haMasterAddress, int heartbeatIntervalMillis,
                           int housekeepingIntervalMillis, int transferBatchSize, int maxGapNotInSync,
                           int slaveTimeoutMillis, int inSyncReplicas, int minInSyncReplicas,
                           boolean autoInSyncReplicas) {

        public static Settings of(Config c) {
            String master = c.get(HA_MASTER_ADDRESS);
            return new Settings(c.get(HA_LISTEN_PORT),
                master == null || master.isBlank() ? null : master.trim(), c.get(HA_SEND_HEARTBEAT_INTERVAL),
                c.get(HA_HOUSEKEEPING_INTERVAL), c.get(HA_TRANSFER_BATCH_SIZE), c.get(HA_MAX_GAP_NOT_IN_SYNC),
                c.get(SLAVE_TIMEOUT), c.get(IN_SYNC_REPLICAS), c.get(MIN_IN_SYNC_REPLICAS),
                c.get(ENABLE_AUTO_IN_SYNC_REPLICAS));
        }

        /** The HA port: {@code haListenPort}, or {@code listenPort + 1} when it is 0 (as BrokerStartup). */
        public int haPort(int listenPort) {
            return haListenPort > 0 ? haListenPort : listenPort + 1;
        }
    }
}
