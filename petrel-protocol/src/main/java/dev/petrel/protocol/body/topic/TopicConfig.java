package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * A topic's configuration on one broker: in registration, {@code topics.json}, UPDATE_AND_CREATE_TOPIC_LIST and GET
 * responses. Properties absent from the input take RocketMQ's defaults ({@link #DEFAULTS}: 16 read and 16 write queues,
 * perm 6 = read+write, SINGLE_TAG, sysFlag 0, not ordered, no attributes).
 *
 * @param topicName       topic
 * @param readQueueNums   readable queues
 * @param writeQueueNums  writable queues
 * @param perm            PermName bits: 8 priority, 4 read, 2 write, 1 inherit
 * @param topicFilterType tag filter type
 * @param topicSysFlag    TopicSysFlag bits: 1 unit topic, 2 unit subscription
 * @param order           ordered topic
 * @param attributes      topic attributes ({@code message.type} → {@code NORMAL}/{@code FIFO}/…)
 */
public record TopicConfig(
    String topicName,
    int readQueueNums,
    int writeQueueNums,
    int perm,
    TopicFilterType topicFilterType,
    int topicSysFlag,
    boolean order,
    Map<String, String> attributes) {

    public static final int DEFAULT_QUEUE_NUMS = 16;
    /** PermName.PERM_READ | PermName.PERM_WRITE. */
    public static final int DEFAULT_PERM = 6;
    public static final TopicConfig DEFAULTS = new TopicConfig(null, DEFAULT_QUEUE_NUMS, DEFAULT_QUEUE_NUMS, DEFAULT_PERM,
        TopicFilterType.SINGLE_TAG, 0, false, Map.of());
    public static final BodyCodec<TopicConfig> CODEC = BodyCodec.of(TopicConfig.class);

    public TopicConfig {
        attributes = BodyCollections.map(attributes);
    }

    /** A topic with RocketMQ's defaults and the given queue counts and permission. */
    public static TopicConfig of(String topicName, int readQueueNums, int writeQueueNums, int perm) {
        return new TopicConfig(topicName, readQueueNums, writeQueueNums, perm, TopicFilterType.SINGLE_TAG, 0, false, Map.of());
    }
}
