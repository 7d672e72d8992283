package dev.petrel.broker.metadata;

import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The topics a 5.x broker creates at start (system-topics.md §1) and the rules about system topics: which names are
 * system topics, and which ones producers may not send to. Immutable; built once from the broker's identity and
 * configuration.
 */
public final class SystemTopics {

    public static final String AUTO_CREATE_TOPIC_KEY = "TBW102";
    public static final String SELF_TEST = "SELF_TEST_TOPIC";
    public static final String BENCHMARK = "BenchmarkTest";
    public static final String OFFSET_MOVED_EVENT = "OFFSET_MOVED_EVENT";
    public static final String SCHEDULE = "SCHEDULE_TOPIC_XXXX";
    public static final String TRANS_HALF = "RMQ_SYS_TRANS_HALF_TOPIC";
    public static final String TRANS_OP_HALF = "RMQ_SYS_TRANS_OP_HALF_TOPIC";
    public static final String TRANS_CHECK_MAX_TIME = "TRANS_CHECK_MAX_TIME_TOPIC";
    /** Where timer messages wait (RocketMQ 5's {@code TimerMessageStore.TIMER_TOPIC}). */
    public static final String TIMER = "rmq_sys_wheel_timer";
    public static final String SYSTEM_PREFIX = "rmq_sys_";
    public static final String REPLY_TOPIC_POSTFIX = "REPLY_TOPIC";
    public static final String REVIVE_PREFIX = SYSTEM_PREFIX + "REVIVE_LOG_";
    public static final String SYNC_BROKER_MEMBER_PREFIX = SYSTEM_PREFIX + "SYNC_BROKER_MEMBER_";
    public static final String RETRY_PREFIX = "%RETRY%";
    public static final String DLQ_PREFIX = "%DLQ%";
    /** {@code SCHEDULE_TOPIC_XXXX} has one queue per delay level. */
    public static final int SCHEDULE_QUEUES = 18;
    /** {@code reviveQueueNum} default. */
    public static final int REVIVE_QUEUES = 8;

    /** Producers may not send to these (NO_PERMISSION); the 5.3.1 client refuses them too. */
    public static final Set<String> NOT_ALLOWED_SEND = Set.of(SCHEDULE, TRANS_HALF, TRANS_OP_HALF, TRANS_CHECK_MAX_TIME,
        SELF_TEST, OFFSET_MOVED_EVENT);

    private final List<TopicConfig> startup;
    private final Set<String> names;

    /**
     * @param clusterTopicEnable  make the cluster topic readable and writable
     * @param brokerTopicEnable   make the broker topic readable and writable
     * @param traceTopic          the trace topic to create, or null when {@code traceTopicEnable} is false
     */
    public SystemTopics(String clusterName, String brokerName, boolean autoCreateTopicEnable, int defaultTopicQueueNums,
                        boolean clusterTopicEnable, boolean brokerTopicEnable, String traceTopic) {
        List<TopicConfig> topics = new ArrayList<>();
        topics.add(topic(SELF_TEST, 1, Perm.READ_WRITE));
        if (autoCreateTopicEnable) {
            topics.add(topic(AUTO_CREATE_TOPIC_KEY, defaultTopicQueueNums, Perm.INHERIT | Perm.READ_WRITE));
        }
        topics.add(topic(BENCHMARK, 1024, Perm.READ_WRITE));
        topics.add(topic(clusterName, TopicConfig.DEFAULT_QUEUE_NUMS,
            Perm.INHERIT | (clusterTopicEnable ? Perm.READ_WRITE : 0)));
        topics.add(topic(brokerName, 1, Perm.INHERIT | (brokerTopicEnable ? Perm.READ_WRITE : 0)));
        topics.add(topic(OFFSET_MOVED_EVENT, 1, Perm.READ_WRITE));
        topics.add(topic(SCHEDULE, SCHEDULE_QUEUES, Perm.READ_WRITE));
        if (traceTopic != null) {
            topics.add(topic(traceTopic, 1, Perm.READ_WRITE));
        }
        topics.add(topic(clusterName + "_" + REPLY_TOPIC_POSTFIX, 1, Perm.READ_WRITE));
        topics.add(topic(REVIVE_PREFIX + clusterName, REVIVE_QUEUES, Perm.READ_WRITE));
        topics.add(topic(SYNC_BROKER_MEMBER_PREFIX + brokerName, 1, Perm.INHERIT));
        topics.add(topic(TRANS_HALF, 1, Perm.READ_WRITE));
        topics.add(topic(TRANS_OP_HALF, 1, Perm.READ_WRITE));
        topics.add(topic(TIMER, 1, Perm.READ_WRITE));
        this.startup = Collections.unmodifiableList(topics);
        Set<String> n = new LinkedHashSet<>();
        topics.forEach(t -> n.add(t.topicName()));
        if (!autoCreateTopicEnable) {
            n.add(AUTO_CREATE_TOPIC_KEY);
        }
        this.names = Collections.unmodifiableSet(n);
    }

    private static TopicConfig topic(String name, int queues, int perm) {
        return new TopicConfig(name, queues, queues, perm, TopicFilterType.SINGLE_TAG, 0, false, Map.of());
    }

    /** The topics to create at start, in Apache's order. */
    public List<TopicConfig> startupTopics() {
        return startup;
    }

    /** Whether {@code topic} is one of this broker's system topics or starts with {@code rmq_sys_}. */
    public boolean isSystemTopic(String topic) {
        return names.contains(topic) || topic.startsWith(SYSTEM_PREFIX);
    }

    public static boolean isNotAllowedSend(String topic) {
        return NOT_ALLOWED_SEND.contains(topic);
    }

    public static boolean isRetryTopic(String topic) {
        return topic.startsWith(RETRY_PREFIX);
    }

    public static String retryTopic(String group) {
        return RETRY_PREFIX + group;
    }

    public static String dlqTopic(String group) {
        return DLQ_PREFIX + group;
    }

    /** The group of a {@code %RETRY%} or {@code %DLQ%} topic (Apache's {@code KeyBuilder.parseGroup}, V1 names). */
    public static String groupOf(String retryOrDlqTopic) {
        if (retryOrDlqTopic.startsWith(RETRY_PREFIX)) {
            return retryOrDlqTopic.substring(RETRY_PREFIX.length());
        }
        if (retryOrDlqTopic.startsWith(DLQ_PREFIX)) {
            return retryOrDlqTopic.substring(DLQ_PREFIX.length());
        }
        return retryOrDlqTopic;
    }
}
