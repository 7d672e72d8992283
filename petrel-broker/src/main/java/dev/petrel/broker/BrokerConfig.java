package dev.petrel.broker;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingCommonConfig;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.timer.TimerConfig;

import java.util.ArrayList;
import java.util.List;

/**
 * The broker's own properties: Apache RocketMQ's {@code BrokerConfig} names and 5.3.1 defaults, for what Petrel
 * implements. {@link #DEF} holds these keys; {@link #FILE} is the whole {@code broker.conf} definition: these keys,
 * the store's ({@link StoreConfig#DEF}) and the remoting server's and client's, with {@code listenPort} defaulting to
 * 10911 as {@code BrokerStartup} sets it.
 *
 * <p>Keys marked dynamic may be changed at runtime by UPDATE_BROKER_CONFIG; their readers look them up on each use.
 * Everything else is read once at start.
 */
public final class BrokerConfig {

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    public static final ConfigKey<String> BROKER_CLUSTER_NAME = ConfigKey.ofString("brokerClusterName", "DefaultCluster",
        "cluster this broker belongs to (also the name of a system topic)");
    public static final ConfigKey<String> BROKER_NAME = ConfigKey.ofString("brokerName", null,
        "broker name shared by a master and its slaves; unset means this host's name (DEFAULT_BROKER if unknown)");
    public static final ConfigKey<Long> BROKER_ID = ConfigKey.ofLong("brokerId", 0, 0, Long.MAX_VALUE,
        "0 for a master (a master registers as 0 whatever is set); a SLAVE needs an id > 0, unique within its "
            + "brokerName");
    public static final ConfigKey<String> BROKER_IP1 = ConfigKey.ofString("brokerIP1", null,
        "address clients use to reach this broker (registered with the NameServers, part of every offset message id); "
            + "unset means this host's first non-loopback IPv4 address");
    public static final ConfigKey<String> BROKER_IP2 = ConfigKey.ofString("brokerIP2", null,
        "address for replication, registered as the HA address; unset means brokerIP1");
    public static final ConfigKey<String> NAMESRV_ADDR = ConfigKey.ofString("namesrvAddr", null,
        "NameServer addresses, ';'-separated host:port; unset (here and in the system property and variable, as in "
            + "RocketMQ) means none: the broker then serves without registering")
        .orSystemProperty("rocketmq.namesrv.addr").orEnvironmentVariable("NAMESRV_ADDR");
    public static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.ofInt("listenPort", 10911, 0, 65535,
        "port for clients; 0 picks a free one");
    public static final ConfigKey<Integer> BROKER_PERMISSION = ConfigKey.ofInt("brokerPermission", 6, 0, 7,
        "permission of the whole broker: 4 read, 2 write (ANDed into every registered topic's perm)").dynamic();
    public static final ConfigKey<Integer> DEFAULT_TOPIC_QUEUE_NUMS = ConfigKey.ofInt("defaultTopicQueueNums", 8, 1, 1024,
        "queues of TBW102, the template of auto-created topics");
    public static final ConfigKey<Boolean> AUTO_CREATE_TOPIC_ENABLE = ConfigKey.ofBoolean("autoCreateTopicEnable", true,
        "create unknown topics on first send, from TBW102 (registered only while this is true)");
    public static final ConfigKey<Boolean> CLUSTER_TOPIC_ENABLE = ConfigKey.ofBoolean("clusterTopicEnable", true,
        "make the topic named like the cluster readable and writable");
    public static final ConfigKey<Boolean> BROKER_TOPIC_ENABLE = ConfigKey.ofBoolean("brokerTopicEnable", true,
        "make the topic named like the broker readable and writable");
    public static final ConfigKey<Boolean> AUTO_CREATE_SUBSCRIPTION_GROUP = ConfigKey.ofBoolean(
        "autoCreateSubscriptionGroup", true, "create unknown consumer groups on first heartbeat or pull").dynamic();
    public static final ConfigKey<Boolean> TRACE_TOPIC_ENABLE = ConfigKey.ofBoolean("traceTopicEnable", false,
        "create the message-trace topic at start");
    public static final ConfigKey<String> MSG_TRACE_TOPIC_NAME = ConfigKey.ofString("msgTraceTopicName",
        "RMQ_SYS_TRACE_TOPIC", "name of the message-trace topic");
    public static final ConfigKey<String> REGION_ID = ConfigKey.ofString("regionId", "DefaultRegion",
        "region written as MSG_REGION into every sent message and send response").dynamic();
    public static final ConfigKey<Boolean> TRACE_ON = ConfigKey.ofBoolean("traceOn", true,
        "value of TRACE_ON in sent messages and send responses").dynamic();

    public static final ConfigKey<Integer> SEND_MESSAGE_THREAD_POOL_NUMS = ConfigKey.ofInt("sendMessageThreadPoolNums", 0,
        0, 1024, "threads serving sends; 0 means min(cores, 4), RocketMQ's default");
    public static final ConfigKey<Integer> PULL_MESSAGE_THREAD_POOL_NUMS = ConfigKey.ofInt("pullMessageThreadPoolNums", 0,
        0, 1024, "threads serving pulls; 0 means 16 + 2 x cores, RocketMQ's default");
    public static final ConfigKey<Integer> LITE_PULL_MESSAGE_THREAD_POOL_NUMS = ConfigKey.ofInt(
        "litePullMessageThreadPoolNums", 0, 0, 1024, "threads serving lite pulls; 0 means 16 + 2 x cores");
    public static final ConfigKey<Integer> QUERY_MESSAGE_THREAD_POOL_NUMS = ConfigKey.ofInt("queryMessageThreadPoolNums",
        0, 0, 1024, "threads serving queries by key and by offset; 0 means 8 + cores");
    public static final ConfigKey<Integer> ADMIN_BROKER_THREAD_POOL_NUMS = ConfigKey.ofInt("adminBrokerThreadPoolNums", 16,
        1, 1024, "threads serving admin requests and offset queries");
    public static final ConfigKey<Integer> CLIENT_MANAGE_THREAD_POOL_NUMS = ConfigKey.ofInt("clientManageThreadPoolNums",
        32, 1, 1024, "threads serving client unregistration and client config checks");
    public static final ConfigKey<Integer> CONSUMER_MANAGE_THREAD_POOL_NUMS = ConfigKey.ofInt(
        "consumerManageThreadPoolNums", 32, 1, 1024, "threads serving consumer offsets and consumer lists");
    public static final ConfigKey<Integer> HEARTBEAT_THREAD_POOL_NUMS = ConfigKey.ofInt("heartbeatThreadPoolNums", 0, 0,
        1024, "threads serving heartbeats; 0 means min(32, cores)");

    public static final ConfigKey<Integer> SEND_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt("sendThreadPoolQueueCapacity",
        10_000, 1, Integer.MAX_VALUE, "sends that may wait for a thread; more are answered SYSTEM_BUSY");
    public static final ConfigKey<Integer> PULL_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt("pullThreadPoolQueueCapacity",
        100_000, 1, Integer.MAX_VALUE, "pulls that may wait for a thread; more are answered SYSTEM_BUSY");
    public static final ConfigKey<Integer> LITE_PULL_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "litePullThreadPoolQueueCapacity", 100_000, 1, Integer.MAX_VALUE, "lite pulls that may wait for a thread");
    public static final ConfigKey<Integer> QUERY_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "queryThreadPoolQueueCapacity", 20_000, 1, Integer.MAX_VALUE, "queries that may wait for a thread");
    public static final ConfigKey<Integer> ADMIN_BROKER_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "adminBrokerThreadPoolQueueCapacity", 10_000, 1, Integer.MAX_VALUE, "admin requests that may wait for a thread");
    public static final ConfigKey<Integer> CLIENT_MANAGER_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "clientManagerThreadPoolQueueCapacity", 1_000_000, 1, Integer.MAX_VALUE,
        "client-management requests that may wait for a thread");
    public static final ConfigKey<Integer> CONSUMER_MANAGER_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "consumerManagerThreadPoolQueueCapacity", 1_000_000, 1, Integer.MAX_VALUE,
        "consumer-offset requests that may wait for a thread");
    public static final ConfigKey<Integer> HEARTBEAT_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "heartbeatThreadPoolQueueCapacity", 50_000, 1, Integer.MAX_VALUE, "heartbeats that may wait for a thread");

    public static final ConfigKey<Boolean> BROKER_FAST_FAILURE_ENABLE = ConfigKey.ofBoolean("brokerFastFailureEnable", true,
        "answer SYSTEM_BUSY to sends that waited longer than waitTimeMillsInSendQueue for a thread").dynamic();
    public static final ConfigKey<Long> REBALANCE_LOCK_MAX_LIVE_TIME = ConfigKey.ofLong(
        "rocketmq.broker.rebalance.lockMaxLiveTime", 60_000, 1, Long.MAX_VALUE,
        "how long (ms) an orderly consumer's queue lock (LOCK_BATCH_MQ) lives without renewal before another member "
            + "may take the queue; Apache reads it only as a system property, Petrel also from broker.conf")
        .orSystemProperty("rocketmq.broker.rebalance.lockMaxLiveTime");
    public static final ConfigKey<Long> WAIT_TIME_MILLS_IN_SEND_QUEUE = ConfigKey.ofLong("waitTimeMillsInSendQueue", 200, 1,
        Long.MAX_VALUE, "longest a send may wait for a send thread before it is refused, ms").dynamic();
    public static final ConfigKey<Long> START_ACCEPT_SEND_REQUEST_TIME_STAMP = ConfigKey.ofLong(
        "startAcceptSendRequestTimeStamp", 0, 0, Long.MAX_VALUE,
        "refuse sends (SYSTEM_ERROR) until this wall-clock time, epoch ms").dynamic();
    public static final ConfigKey<Boolean> REJECT_TRANSACTION_MESSAGE = ConfigKey.ofBoolean("rejectTransactionMessage",
        false, "refuse transactional half messages (NO_PERMISSION)").dynamic();

    public static final ConfigKey<Boolean> LONG_POLLING_ENABLE = ConfigKey.ofBoolean("longPollingEnable", true,
        "hold a pull that finds nothing for its suspend timeout, answering as soon as a message arrives").dynamic();
    public static final ConfigKey<Long> SHORT_POLLING_TIME_MILLS = ConfigKey.ofLong("shortPollingTimeMills", 1000, 1,
        Long.MAX_VALUE, "hold time of an empty pull when long polling is off, ms").dynamic();
    public static final ConfigKey<Boolean> LITE_PULL_MESSAGE_ENABLE = ConfigKey.ofBoolean("litePullMessageEnable", true,
        "serve LITE_PULL_MESSAGE (DefaultLitePullConsumer)").dynamic();
    public static final ConfigKey<Boolean> ENABLE_PROPERTY_FILTER = ConfigKey.ofBoolean("enablePropertyFilter", false,
        "allow SQL92 subscriptions (filters on message properties)").dynamic();
    public static final ConfigKey<Boolean> FILTER_SUPPORT_RETRY = ConfigKey.ofBoolean("filterSupportRetry", false,
        "also apply SQL92 filters to the group's %RETRY% topic").dynamic();
    public static final ConfigKey<Long> FILTER_DATA_CLEAN_TIME_SPAN = ConfigKey.ofLong("filterDataCleanTimeSpan",
        24L * 3600 * 1000, 0, Long.MAX_VALUE, "keep a consumer group's SQL92 filter this long after the group stopped "
            + "subscribing (last member gone), ms");
    public static final ConfigKey<Boolean> USE_SERVER_SIDE_RESET_OFFSET = ConfigKey.ofBoolean("useServerSideResetOffset",
        true, "resetOffsetByTime stores the new offsets in the broker and hands them to consumers on their next pull")
        .dynamic();
    public static final ConfigKey<Integer> DEFAULT_QUERY_MAX_NUM = ConfigKey.ofInt("defaultQueryMaxNum", 32, 1, 1024,
        "most messages a query by unique key returns").dynamic();

    public static final ConfigKey<Boolean> NOTIFY_CONSUMER_IDS_CHANGED_ENABLE = ConfigKey.ofBoolean(
        "notifyConsumerIdsChangedEnable", true,
        "tell a consumer group's members at once when a member joins or leaves, so they rebalance").dynamic();
    public static final ConfigKey<Long> CHANNEL_EXPIRED_TIMEOUT = ConfigKey.ofLong("channelExpiredTimeout", 120_000, 1_000,
        Long.MAX_VALUE, "drop and close a client connection whose last heartbeat is older than this, ms");
    public static final ConfigKey<Integer> FLUSH_CONSUMER_OFFSET_INTERVAL = ConfigKey.ofInt("flushConsumerOffsetInterval",
        5_000, 100, Integer.MAX_VALUE, "period of writing consumerOffset.json, ms");

    public static final ConfigKey<Long> FLUSH_DELAY_OFFSET_INTERVAL = ConfigKey.ofLong("flushDelayOffsetInterval", 10_000,
        100, Long.MAX_VALUE, "period of writing delayOffset.json (delivery progress of each delay level) when it changed, "
            + "ms; after a kill -9 the deliveries of the last period may be repeated");

    public static final ConfigKey<Integer> REGISTER_NAME_SERVER_PERIOD = ConfigKey.ofInt("registerNameServerPeriod",
        30_000, 10_000, 60_000, "period of the full registration with every NameServer, ms");
    public static final ConfigKey<Integer> REGISTER_BROKER_TIMEOUT_MILLS = ConfigKey.ofInt("registerBrokerTimeoutMills",
        24_000, 100, Integer.MAX_VALUE, "timeout of one registration with the NameServers, ms");
    public static final ConfigKey<Boolean> FORCE_REGISTER = ConfigKey.ofBoolean("forceRegister", true,
        "send the full registration every period; false asks QUERY_DATA_VERSION first and registers only on change");

    public static final ConfigKey<Boolean> SLAVE_READ_ENABLE = ConfigKey.ofBoolean("slaveReadEnable", false,
        "pull answers suggest a slave (the group's whichBrokerWhenConsumeSlowly) for data no longer in memory; "
            + "a Petrel slave serves pulls either way (RocketMQ 4's behaviour; a 5.x slave refuses them unless true)")
        .dynamic();
    public static final ConfigKey<Integer> ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO = ConfigKey.ofInt(
        "accessMessageInMemoryMaxRatio", 40, 0, 100, "% of physical memory counted as the CommitLog's in-memory tail "
            + "(slave-read suggestion, QUERY_CONSUMER_OFFSET's first-message check); a SLAVE uses 10 less, as "
            + "RocketMQ's BrokerStartup does");

    /** RocketMQ's brokerRole values. */
    public enum BrokerRole {
        ASYNC_MASTER, SYNC_MASTER, SLAVE;

        /** The store role this broker starts in. */
        public dev.petrel.store.StoreRole storeRole() {
            return this == SLAVE ? dev.petrel.store.StoreRole.SLAVE : dev.petrel.store.StoreRole.MASTER;
        }
    }

    public static final ConfigKey<BrokerRole> BROKER_ROLE = ConfigKey.ofEnum("brokerRole", BrokerRole.class,
        BrokerRole.ASYNC_MASTER, "ASYNC_MASTER and SYNC_MASTER take sends and serve their CommitLog to slaves on "
            + "haListenPort (a SYNC_MASTER answers a send once a slave holds it); a SLAVE replicates its master's "
            + "CommitLog and metadata, serves pulls and refuses sends (SERVICE_NOT_AVAILABLE)");

    /** The broker's own keys, without the store and remoting keys. */
    public static final ConfigDef DEF = ConfigDef.of("broker", BROKER_CLUSTER_NAME, BROKER_NAME, BROKER_ID, BROKER_ROLE,
        BROKER_IP1,
        BROKER_IP2, NAMESRV_ADDR, LISTEN_PORT, BROKER_PERMISSION, DEFAULT_TOPIC_QUEUE_NUMS, AUTO_CREATE_TOPIC_ENABLE,
        CLUSTER_TOPIC_ENABLE, BROKER_TOPIC_ENABLE, AUTO_CREATE_SUBSCRIPTION_GROUP, TRACE_TOPIC_ENABLE,
        MSG_TRACE_TOPIC_NAME, REGION_ID, TRACE_ON, SEND_MESSAGE_THREAD_POOL_NUMS, PULL_MESSAGE_THREAD_POOL_NUMS,
        LITE_PULL_MESSAGE_THREAD_POOL_NUMS, QUERY_MESSAGE_THREAD_POOL_NUMS, ADMIN_BROKER_THREAD_POOL_NUMS,
        CLIENT_MANAGE_THREAD_POOL_NUMS, CONSUMER_MANAGE_THREAD_POOL_NUMS, HEARTBEAT_THREAD_POOL_NUMS,
        SEND_THREAD_POOL_QUEUE_CAPACITY, PULL_THREAD_POOL_QUEUE_CAPACITY, LITE_PULL_THREAD_POOL_QUEUE_CAPACITY,
        QUERY_THREAD_POOL_QUEUE_CAPACITY, ADMIN_BROKER_THREAD_POOL_QUEUE_CAPACITY,
        CLIENT_MANAGER_THREAD_POOL_QUEUE_CAPACITY, CONSUMER_MANAGER_THREAD_POOL_QUEUE_CAPACITY,
        HEARTBEAT_THREAD_POOL_QUEUE_CAPACITY, BROKER_FAST_FAILURE_ENABLE, WAIT_TIME_MILLS_IN_SEND_QUEUE,
        START_ACCEPT_SEND_REQUEST_TIME_STAMP, REJECT_TRANSACTION_MESSAGE, LONG_POLLING_ENABLE, SHORT_POLLING_TIME_MILLS,
        LITE_PULL_MESSAGE_ENABLE, ENABLE_PROPERTY_FILTER, FILTER_SUPPORT_RETRY, FILTER_DATA_CLEAN_TIME_SPAN,
        USE_SERVER_SIDE_RESET_OFFSET,
        DEFAULT_QUERY_MAX_NUM, NOTIFY_CONSUMER_IDS_CHANGED_ENABLE, CHANNEL_EXPIRED_TIMEOUT,
        FLUSH_CONSUMER_OFFSET_INTERVAL, REGISTER_NAME_SERVER_PERIOD, REGISTER_BROKER_TIMEOUT_MILLS, FORCE_REGISTER,
        FLUSH_DELAY_OFFSET_INTERVAL, REBALANCE_LOCK_MAX_LIVE_TIME, SLAVE_READ_ENABLE, ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO);

    /** Every key a broker.conf may hold: broker, store, remoting server (listenPort from here), client, shared. */
    public static final ConfigDef FILE = DEF
        .plus("broker + auth", dev.petrel.broker.auth.AuthConfig.DEF)
        .plus("broker + transactions", dev.petrel.broker.transaction.TransactionConfig.DEF)
        .plus("broker + reply", dev.petrel.broker.reply.ReplyConfig.DEF)
        .plus("broker + store", StoreConfig.DEF)
        .plus("broker + store + timer", TimerConfig.DEF)
        .plus("broker + ha", dev.petrel.broker.ha.HaConfig.DEF)
        .plus("broker + raft", dev.petrel.raft.RaftConfig.DEF)
        .plus("broker + dledger", dev.petrel.broker.dledger.DLedgerConfig.DEF)
        .plus("broker + metrics", dev.petrel.metrics.MetricsConfig.BROKER)
        .plus("broker + store + remoting server", withoutListenPort(RemotingServerConfig.DEFINITION))
        .plus("broker + store + remoting", RemotingClientConfig.DEFINITION)
        .plus("broker.conf", RemotingCommonConfig.DEFINITION);

    private BrokerConfig() {
    }

    /**
     * A thread-pool size: the configured value, or for 0 RocketMQ's formula on this machine's core count (kept out of
     * the defaults so the generated configuration reference does not depend on the machine that generated it).
     */
    public static int threads(Config config, ConfigKey<Integer> key) {
        int n = config.get(key);
        if (n > 0) {
            return n;
        }
        if (key == SEND_MESSAGE_THREAD_POOL_NUMS) {
            return Math.min(CORES, 4);
        }
        if (key == PULL_MESSAGE_THREAD_POOL_NUMS || key == LITE_PULL_MESSAGE_THREAD_POOL_NUMS) {
            return 16 + 2 * CORES;
        }
        if (key == QUERY_MESSAGE_THREAD_POOL_NUMS) {
            return 8 + CORES;
        }
        if (key == HEARTBEAT_THREAD_POOL_NUMS) {
            return Math.min(32, CORES);
        }
        return 1;
    }

    /** {@code accessMessageInMemoryMaxRatio}, 10 less on a SLAVE (RocketMQ's BrokerStartup), at least 0. */
    public static int accessMessageInMemoryMaxRatio(Config config) {
        int ratio = config.get(ACCESS_MESSAGE_IN_MEMORY_MAX_RATIO);
        return config.get(BROKER_ROLE) == BrokerRole.SLAVE ? Math.max(0, ratio - 10) : ratio;
    }

    /** {@code namesrvAddr}, or RocketMQ's fallbacks: system property {@code rocketmq.namesrv.addr}, env {@code NAMESRV_ADDR}. */
    public static String namesrvAddr(Config config) {
        String configured = config.get(NAMESRV_ADDR);
        return configured != null && !configured.isBlank() ? configured : NAMESRV_ADDR.resolvedDefault();
    }

    private static ConfigDef withoutListenPort(ConfigDef server) {
        List<ConfigKey<?>> keys = new ArrayList<>();
        for (ConfigKey<?> key : server.keys()) {
            if (!key.name().equals(LISTEN_PORT.name())) {
                keys.add(key);
            }
        }
        return ConfigDef.of(server.component(), keys.toArray(new ConfigKey<?>[0]));
    }

    /** All defaults of {@link #FILE}. */
    public static Config defaults() {
        return FILE.defaults();
    }
}
