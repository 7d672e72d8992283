package dev.petrel.canary;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.message.NameValidator;
import dev.petrel.metrics.MetricsConfig;
import java.time.Duration;

/**
 * The canary's properties: what {@code petrel canary} reads ({@link #COMMAND}: {@link #OWN} and the metrics keys with
 * the canary's own port, 5559) and what {@code petrel standalone} reads to run one inside ({@link #IN_STANDALONE},
 * off by default; there it serves its families on the standalone's endpoint).
 */
public final class CanaryConfig {

    public static final ConfigKey<String> NAMESRV_ADDR = ConfigKey.ofString("namesrvAddr", "127.0.0.1:9876",
        "NameServers the canary finds the brokers from (host:port[;host:port]); -n sets it.");
    public static final ConfigKey<String> TOPIC = ConfigKey.ofString("canaryTopic", "PETREL_CANARY",
        t -> NameValidator.validateTopic(t) == null, "a topic name",
        "Topic the canary sends to and consumes; created on every master broker that lacks it.");
    public static final ConfigKey<String> CLUSTER = ConfigKey.ofString("canaryCluster", "",
        "Only the master brokers of this cluster; blank: every cluster the NameServer knows.");
    public static final ConfigKey<Integer> QUEUE_NUMS = ConfigKey.ofInt("canaryQueueNums", 2, 1, 64,
        "Read and write queues of the canary topic when the canary creates it on a broker (an existing topic keeps "
            + "its queues; the canary uses all of them).");
    public static final ConfigKey<Long> SEND_INTERVAL_MS = ConfigKey.ofLong("canarySendIntervalMs", 1_000, 1,
        3_600_000, "Time between two sequence numbers sent to one queue; a failed send is retried with the same "
            + "number after max(this, 100 ms).");
    public static final ConfigKey<Long> GRACE_MS = ConfigKey.ofLong("canaryGraceMs", 60_000, 1, 86_400_000,
        "How long after its SEND_OK a message may take to arrive before it counts as lost (delivery across a "
            + "broker restart can be late without being lost).");
    public static final ConfigKey<Integer> WINDOW = ConfigKey.ofInt("canaryWindow", 4_096, 16, 1 << 20,
        "Sequence numbers remembered per queue (memory: about 13 bytes each); must cover twice "
            + "canaryGraceMs / canarySendIntervalMs. A duplicate of an older one is counted unmatched.");
    public static final ConfigKey<Long> DISCOVERY_INTERVAL_MS = ConfigKey.ofLong("canaryDiscoveryIntervalMs", 30_000,
        10, 3_600_000, "How often the canary reads the cluster and the topic's route to find new brokers (and "
            + "creates the topic on them).");
    public static final ConfigKey<Long> SUMMARY_INTERVAL_MS = ConfigKey.ofLong("canarySummaryIntervalMs", 60_000, 0,
        86_400_000, "How often the canary logs its one-line summary; 0: never.");
    public static final ConfigKey<Integer> SEND_TIMEOUT_MS = ConfigKey.ofInt("canarySendTimeoutMs", 3_000, 1,
        600_000, "How long one send may wait for its answer.");
    public static final ConfigKey<String> CONSUMER_GROUP = ConfigKey.ofString("canaryConsumerGroup",
        "PETREL_CANARY_CONSUMER", g -> NameValidator.validateGroup(g) == null, "a group name",
        "Consumer group of the canary's pulls. It never commits offsets nor rebalances, so any number of canaries "
            + "share it without taking each other's messages.");
    public static final ConfigKey<Boolean> ENABLE = ConfigKey.ofBoolean("canaryEnable", false,
        "Run a canary inside standalone against its own broker (its families join the standalone's metrics endpoint).");
    public static final ConfigKey<Integer> PROM_EXPORTER_PORT = ConfigKey.ofInt("metricsPromExporterPort", 5559, 0,
        65535, "TCP port of the canary's metrics endpoint (petrel canary); 0 picks a free port.");

    /** The canary's own keys. */
    public static final ConfigDef OWN = ConfigDef.of("canary", NAMESRV_ADDR, TOPIC, CLUSTER, QUEUE_NUMS,
        SEND_INTERVAL_MS, GRACE_MS, WINDOW, DISCOVERY_INTERVAL_MS, SUMMARY_INTERVAL_MS, SEND_TIMEOUT_MS, CONSUMER_GROUP);
    /** The metrics keys of {@code petrel canary}, with its port. */
    public static final ConfigDef METRICS = ConfigDef.of("metrics (canary)", MetricsConfig.EXPORTER_TYPE,
        MetricsConfig.PROM_EXPORTER_HOST, PROM_EXPORTER_PORT, MetricsConfig.METRICS_LABEL);
    /** What {@code petrel canary} reads. */
    public static final ConfigDef COMMAND = OWN.plus("canary", METRICS);
    /** The switch {@code petrel standalone} reads. */
    public static final ConfigDef IN_STANDALONE = ConfigDef.of("canary (standalone)", ENABLE);
    /** What the canary role of standalone reads: its keys and the broker's metrics keys (one endpoint). */
    public static final ConfigDef STANDALONE_ROLE = OWN.plus("canary (standalone)", MetricsConfig.BROKER);

    private CanaryConfig() {
    }

    /**
     * The canary's settings, checked together.
     *
     * @param namesrvAddr       NameServer addresses
     * @param topic             the canary topic
     * @param cluster           the cluster to watch; blank: all
     * @param queueNums         queues per broker when the canary creates the topic
     * @param sendInterval      between two sequence numbers of one queue
     * @param grace             how long an acknowledged message may take to arrive
     * @param window            sequence numbers remembered per queue
     * @param discoveryInterval between two reads of the cluster and the route
     * @param summaryInterval   between two summary lines; zero: none
     * @param sendTimeout       of one send
     * @param consumerGroup     of the pulls
     */
    public record Settings(String namesrvAddr, String topic, String cluster, int queueNums, Duration sendInterval,
                           Duration grace, int window, Duration discoveryInterval, Duration summaryInterval,
                           Duration sendTimeout, String consumerGroup) {

        public Settings {
            long needed = 2 * Math.max(1, grace.toMillis() / Math.max(1, sendInterval.toMillis())) + 2;
            if (window < needed) {
                throw new ConfigException("property " + WINDOW.name() + "=" + window + " cannot hold the sequence numbers"
                    + " of one grace period twice over (" + GRACE_MS.name() + "=" + grace.toMillis() + " / "
                    + SEND_INTERVAL_MS.name() + "=" + sendInterval.toMillis() + "): set it to at least " + needed
                    + ", or send less often");
            }
        }

        /** The settings of {@code config} (parsed with a definition holding {@link #OWN}). */
        public static Settings of(Config config) {
            return new Settings(config.get(NAMESRV_ADDR), config.get(TOPIC), config.get(CLUSTER),
                config.get(QUEUE_NUMS), Duration.ofMillis(config.get(SEND_INTERVAL_MS)),
                Duration.ofMillis(config.get(GRACE_MS)), config.get(WINDOW),
                Duration.ofMillis(config.get(DISCOVERY_INTERVAL_MS)), Duration.ofMillis(config.get(SUMMARY_INTERVAL_MS)),
                Duration.ofMillis(config.get(SEND_TIMEOUT_MS)), config.get(CONSUMER_GROUP));
        }

        /** The defaults, against {@code namesrvAddr}. */
        public static Settings defaults(String namesrvAddr) {
            return of(OWN.defaults().with(NAMESRV_ADDR, namesrvAddr));
        }

        public Settings withTopic(String value) {
            return new Settings(namesrvAddr, value, cluster, queueNums, sendInterval, grace, window, discoveryInterval,
                summaryInterval, sendTimeout, consumerGroup);
        }

        public Settings withQueueNums(int value) {
            return new Settings(namesrvAddr, topic, cluster, value, sendInterval, grace, window, discoveryInterval,
                summaryInterval, sendTimeout, consumerGroup);
        }

        /** Faster timings, for tests and demonstrations. */
        public Settings withTimings(Duration interval, Duration graceValue, Duration discovery) {
            return new Settings(namesrvAddr, topic, cluster, queueNums, interval, graceValue, window, discovery,
                summaryInterval, sendTimeout, consumerGroup);
        }

        public Settings withSummaryInterval(Duration value) {
            return new Settings(namesrvAddr, topic, cluster, queueNums, sendInterval, grace, window, discoveryInterval,
                value, sendTimeout, consumerGroup);
        }
    }
}
