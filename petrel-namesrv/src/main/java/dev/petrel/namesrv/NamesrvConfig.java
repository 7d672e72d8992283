package dev.petrel.namesrv;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.remoting.RemotingCommonConfig;
import dev.petrel.remoting.RemotingServerConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The NameServer's configuration: RocketMQ's {@code NamesrvConfig} property names and defaults, the port 9876, and
 * one Petrel extension ({@link #BROKER_CHANNEL_EXPIRED_TIME_MILLIS}). Values are read through this view on every use,
 * so the keys marked dynamic take effect as soon as UPDATE_NAMESRV_CONFIG changes them.
 *
 * <p>Paths may start with {@code ${user.home}}, which is expanded when they are used; the defaults are written that
 * way so the generated reference reads the same on every machine.
 */
public final class NamesrvConfig {

    static final String USER_HOME = "${user.home}";

    public static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.ofInt("listenPort", 9876, 0, 65535,
        "TCP port of the NameServer; 0 picks a free port (printed in the ready line).");
    public static final ConfigKey<String> ROCKETMQ_HOME = ConfigKey.ofString("rocketmqHome", null,
        "Accepted for compatibility with RocketMQ's namesrv.conf; Petrel needs no installation directory.");
    public static final ConfigKey<String> KV_CONFIG_PATH = ConfigKey.ofString("kvConfigPath",
        USER_HOME + "/namesrv/kvConfig.json", v -> !v.isBlank(), "a file path",
        "File holding the KV config (PUT_KV_CONFIG): {\"configTable\":{namespace:{key:value}}}, the format Apache writes.");
    public static final ConfigKey<String> CONFIG_STORE_PATH = ConfigKey.ofString("configStorePath",
        USER_HOME + "/namesrv/namesrv.properties", v -> !v.isBlank(), "a file path",
        "Where UPDATE_NAMESRV_CONFIG saves changed properties; set to the -c file when one is given, as RocketMQ does.");
    public static final ConfigKey<String> PRODUCT_ENV_NAME = ConfigKey.ofString("productEnvName", "center",
        "Accepted for compatibility; unused.");
    public static final ConfigKey<Boolean> CLUSTER_TEST = ConfigKey.ofBoolean("clusterTest", false,
        "RocketMQ's cluster-test routing; not supported by Petrel, must be false.");
    public static final ConfigKey<Boolean> ORDER_MESSAGE_ENABLE = ConfigKey.ofBoolean("orderMessageEnable", false,
        "Fill a route's orderTopicConf from the KV namespace ORDER_TOPIC_CONFIG.").dynamic();
    public static final ConfigKey<Boolean> RETURN_ORDER_TOPIC_CONFIG_TO_BROKER = ConfigKey.ofBoolean(
        "returnOrderTopicConfigToBroker", true,
        "Answer REGISTER_BROKER with the KV namespace ORDER_TOPIC_CONFIG (when it exists).").dynamic();
    public static final ConfigKey<Integer> CLIENT_REQUEST_THREAD_POOL_NUMS = ConfigKey.ofInt(
        "clientRequestThreadPoolNums", 8, 1, 1024,
        "Threads serving GET_ROUTEINFO_BY_TOPIC (petrel-namesrv-client-N).");
    public static final ConfigKey<Integer> DEFAULT_THREAD_POOL_NUMS = ConfigKey.ofInt("defaultThreadPoolNums", 16, 1, 1024,
        "Threads serving every other NameServer request (petrel-namesrv-default-N).");
    public static final ConfigKey<Integer> CLIENT_REQUEST_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "clientRequestThreadPoolQueueCapacity", 50_000, 1, Integer.MAX_VALUE,
        "Route requests that may wait for a thread; more are answered SYSTEM_BUSY.");
    public static final ConfigKey<Integer> DEFAULT_THREAD_POOL_QUEUE_CAPACITY = ConfigKey.ofInt(
        "defaultThreadPoolQueueCapacity", 10_000, 1, Integer.MAX_VALUE,
        "Other requests that may wait for a thread, and registry changes that may wait for the route writer; more "
            + "are answered SYSTEM_BUSY.");
    public static final ConfigKey<Long> SCAN_NOT_ACTIVE_BROKER_INTERVAL = ConfigKey.ofLong("scanNotActiveBrokerInterval",
        5_000, 1, Long.MAX_VALUE,
        "Milliseconds between scans for brokers that stopped registering (RocketMQ 4.x scanned every 10 s).").dynamic();
    public static final ConfigKey<Integer> UN_REGISTER_BROKER_QUEUE_CAPACITY = ConfigKey.ofInt(
        "unRegisterBrokerQueueCapacity", 3_000, 1, Integer.MAX_VALUE,
        "UNREGISTER_BROKER requests that may wait to be applied; more are answered SYSTEM_ERROR.");
    public static final ConfigKey<Boolean> SUPPORT_ACTING_MASTER = ConfigKey.ofBoolean("supportActingMaster", false,
        "In routes, present the lowest-id slave of a master-less broker (with enableActingMaster) as its master.");
    public static final ConfigKey<Boolean> ENABLE_ALL_TOPIC_LIST = ConfigKey.ofBoolean("enableAllTopicList", true,
        "Serve GET_ALL_TOPIC_LIST_FROM_NAMESERVER; when false it answers SYSTEM_ERROR \"disable\".").dynamic();
    public static final ConfigKey<Boolean> ENABLE_TOPIC_LIST = ConfigKey.ofBoolean("enableTopicList", true,
        "Serve GET_TOPICS_BY_CLUSTER and the unit topic lists; when false they answer SYSTEM_ERROR \"disable\".")
        .dynamic();
    public static final ConfigKey<Boolean> NOTIFY_MIN_BROKER_ID_CHANGED = ConfigKey.ofBoolean("notifyMinBrokerIdChanged",
        false, "Tell brokers when their group's lowest broker id changes; not supported by Petrel, must be false.");
    public static final ConfigKey<Boolean> ENABLE_CONTROLLER_IN_NAMESRV = ConfigKey.ofBoolean(
        "enableControllerInNamesrv", false, "Embedded DLedger controller; not supported by Petrel, must be false.");
    public static final ConfigKey<Boolean> NEED_WAIT_FOR_SERVICE = ConfigKey.ofBoolean("needWaitForService", false,
        "After a start, answer route requests SYSTEM_ERROR \"name server not ready\" until brokers had "
            + "waitSecondsForService to register (or a route was found).").dynamic();
    public static final ConfigKey<Integer> WAIT_SECONDS_FOR_SERVICE = ConfigKey.ofInt("waitSecondsForService", 45, 0,
        Integer.MAX_VALUE, "Seconds of the needWaitForService window.").dynamic();
    public static final ConfigKey<Boolean> DELETE_TOPIC_WITH_BROKER_REGISTRATION = ConfigKey.ofBoolean(
        "deleteTopicWithBrokerRegistration", false,
        "A master's registration removes its topics missing from the registration; only safe when the broker sends "
            + "complete registrations (not with enableSplitRegistration or incremental ones).").dynamic();
    public static final ConfigKey<String> CONFIG_BLACK_LIST = ConfigKey.ofString("configBlackList",
        "configBlackList;configStorePath;kvConfigPath",
        "Properties UPDATE_NAMESRV_CONFIG may not change, separated by ';' (rocketmqHome and these three always).");
    public static final ConfigKey<Long> BROKER_CHANNEL_EXPIRED_TIME_MILLIS = ConfigKey.ofLong(
        "brokerChannelExpiredTimeMillis", 120_000, 1, Long.MAX_VALUE,
        "Petrel extension (a constant in RocketMQ): a broker that has not registered for this long is dropped, unless "
            + "its registration carried its own heartbeatTimeoutMillis.").dynamic();

    /** The NameServer's own properties (the remoting ones are in {@link RemotingServerConfig}). */
    public static final ConfigDef OWN = ConfigDef.of("NameServer", LISTEN_PORT, ROCKETMQ_HOME, KV_CONFIG_PATH,
        CONFIG_STORE_PATH, PRODUCT_ENV_NAME, CLUSTER_TEST, ORDER_MESSAGE_ENABLE, RETURN_ORDER_TOPIC_CONFIG_TO_BROKER,
        CLIENT_REQUEST_THREAD_POOL_NUMS, DEFAULT_THREAD_POOL_NUMS, CLIENT_REQUEST_THREAD_POOL_QUEUE_CAPACITY,
        DEFAULT_THREAD_POOL_QUEUE_CAPACITY, SCAN_NOT_ACTIVE_BROKER_INTERVAL, UN_REGISTER_BROKER_QUEUE_CAPACITY,
        SUPPORT_ACTING_MASTER, ENABLE_ALL_TOPIC_LIST, ENABLE_TOPIC_LIST, NOTIFY_MIN_BROKER_ID_CHANGED,
        ENABLE_CONTROLLER_IN_NAMESRV, NEED_WAIT_FOR_SERVICE, WAIT_SECONDS_FOR_SERVICE,
        DELETE_TOPIC_WITH_BROKER_REGISTRATION, CONFIG_BLACK_LIST, BROKER_CHANNEL_EXPIRED_TIME_MILLIS);

    /** Every property a NameServer process reads: its own, the remoting server's and the shared remoting ones. */
    public static final ConfigDef DEFINITION = withRemoting();

    /** Always refused by UPDATE_NAMESRV_CONFIG, whatever configBlackList says (as in RocketMQ). */
    private static final List<String> FIXED_BLACK_LIST = List.of(CONFIG_BLACK_LIST.name(), CONFIG_STORE_PATH.name(),
        KV_CONFIG_PATH.name(), ROCKETMQ_HOME.name());

    private final Config values;

    private NamesrvConfig(Config values) {
        this.values = values;
    }

    /**
     * A view of {@code config}, which must have been parsed with {@link #DEFINITION} (or a definition containing it).
     *
     * @throws ConfigException if it asks for something Petrel does not support
     */
    public static NamesrvConfig of(Config config) {
        for (ConfigKey<Boolean> unsupported : List.of(CLUSTER_TEST, NOTIFY_MIN_BROKER_ID_CHANGED,
            ENABLE_CONTROLLER_IN_NAMESRV)) {
            if (config.get(unsupported)) {
                throw new ConfigException("property " + unsupported.name() + "=true is not supported by Petrel's "
                    + "NameServer; remove it or set it to false");
            }
        }
        return new NamesrvConfig(config);
    }

    /** All defaults. */
    public static NamesrvConfig defaults() {
        return of(DEFINITION.defaults());
    }

    /** A copy with one value replaced; for wiring and tests. */
    public <T> NamesrvConfig with(ConfigKey<T> key, T value) {
        return of(values.with(key, value));
    }

    /** The underlying values (UPDATE_NAMESRV_CONFIG changes dynamic keys there). */
    public Config values() {
        return values;
    }

    public <T> T get(ConfigKey<T> key) {
        return values.get(key);
    }

    public Path kvConfigPath() {
        return expand(values.get(KV_CONFIG_PATH));
    }

    public Path configStorePath() {
        return expand(values.get(CONFIG_STORE_PATH));
    }

    public boolean orderMessageEnable() {
        return values.get(ORDER_MESSAGE_ENABLE);
    }

    public boolean returnOrderTopicConfigToBroker() {
        return values.get(RETURN_ORDER_TOPIC_CONFIG_TO_BROKER);
    }

    public boolean supportActingMaster() {
        return values.get(SUPPORT_ACTING_MASTER);
    }

    public boolean enableAllTopicList() {
        return values.get(ENABLE_ALL_TOPIC_LIST);
    }

    public boolean enableTopicList() {
        return values.get(ENABLE_TOPIC_LIST);
    }

    public boolean needWaitForService() {
        return values.get(NEED_WAIT_FOR_SERVICE);
    }

    public int waitSecondsForService() {
        return values.get(WAIT_SECONDS_FOR_SERVICE);
    }

    public boolean deleteTopicWithBrokerRegistration() {
        return values.get(DELETE_TOPIC_WITH_BROKER_REGISTRATION);
    }

    public long scanNotActiveBrokerIntervalMillis() {
        return values.get(SCAN_NOT_ACTIVE_BROKER_INTERVAL);
    }

    public long brokerChannelExpiredTimeMillis() {
        return values.get(BROKER_CHANNEL_EXPIRED_TIME_MILLIS);
    }

    public int unRegisterBrokerQueueCapacity() {
        return values.get(UN_REGISTER_BROKER_QUEUE_CAPACITY);
    }

    /** The properties UPDATE_NAMESRV_CONFIG refuses: the fixed four plus configBlackList's entries. */
    public Set<String> configBlackList() {
        Set<String> names = new LinkedHashSet<>(FIXED_BLACK_LIST);
        Arrays.stream(values.get(CONFIG_BLACK_LIST).split(";")).map(String::trim).filter(s -> !s.isEmpty())
            .forEach(names::add);
        return names;
    }

    /** Expands a leading {@code ${user.home}} (the form of the defaults) into the JVM's user.home. */
    static Path expand(String path) {
        String text = path.startsWith(USER_HOME) ? System.getProperty("user.home") + path.substring(USER_HOME.length())
            : path;
        return Path.of(text);
    }

    private static ConfigDef withRemoting() {
        List<ConfigKey<?>> keys = new ArrayList<>(OWN.keys());
        for (ConfigKey<?> key : RemotingServerConfig.DEFINITION.keys()) {
            if (!key.name().equals(LISTEN_PORT.name())) {
                keys.add(key);
            }
        }
        keys.addAll(RemotingCommonConfig.DEFINITION.keys());
        keys.addAll(dev.petrel.metrics.MetricsConfig.NAMESRV.keys());
        return ConfigDef.of("NameServer process", keys.toArray(new ConfigKey<?>[0]));
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
