package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.Map;
import java.util.Set;

/**
 * GET_CONSUMER_RUNNING_INFO (307) response, produced by the client and relayed verbatim by the broker. {@code
 * properties} holds the consumer's configuration and the {@code PROP_*} keys; {@code jstack} only when requested.
 */
public record ConsumerRunningInfo(
    String jstack,
    Map<MessageQueue, PopProcessQueueInfo> mqPopTable,
    Map<MessageQueue, ProcessQueueInfo> mqTable,
    Map<String, String> properties,
    Map<String, ConsumeStatus> statusTable,
    Set<SubscriptionData> subscriptionSet,
    Map<String, String> userConsumerInfo) {

    public static final BodyCodec<ConsumerRunningInfo> CODEC = BodyCodec.of(ConsumerRunningInfo.class);

    /** Keys the client adds to {@code properties} besides its configuration (mqadmin consumerStatus reads them). */
    public static final String PROP_NAMESERVER_ADDR = "PROP_NAMESERVER_ADDR";
    public static final String PROP_THREADPOOL_CORE_SIZE = "PROP_THREADPOOL_CORE_SIZE";
    public static final String PROP_CONSUME_ORDERLY = "PROP_CONSUMEORDERLY";
    public static final String PROP_CONSUME_TYPE = "PROP_CONSUME_TYPE";
    public static final String PROP_CLIENT_VERSION = "PROP_CLIENT_VERSION";
    public static final String PROP_CONSUMER_START_TIMESTAMP = "PROP_CONSUMER_START_TIMESTAMP";

    public ConsumerRunningInfo {
        mqPopTable = BodyCollections.map(mqPopTable);
        mqTable = BodyCollections.map(mqTable);
        properties = BodyCollections.map(properties);
        statusTable = BodyCollections.map(statusTable);
        subscriptionSet = BodyCollections.set(subscriptionSet);
        userConsumerInfo = BodyCollections.map(userConsumerInfo);
    }
}
