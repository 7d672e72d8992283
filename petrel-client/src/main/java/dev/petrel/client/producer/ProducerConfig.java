package dev.petrel.client.producer;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/** A producer's own settings: RocketMQ's {@code DefaultMQProducer} names and defaults. */
public final class ProducerConfig {

    public static final ConfigKey<String> PRODUCER_GROUP = ConfigKey.ofString("producerGroup", "DEFAULT_PRODUCER",
        "The producer group: brokers know producers by it (transaction check-backs go to a live member).");
    public static final ConfigKey<Integer> SEND_MSG_TIMEOUT = ConfigKey.ofInt("sendMsgTimeout", 3_000, 1,
        Integer.MAX_VALUE, "Time budget (ms) of one send, retries included.");
    public static final ConfigKey<Integer> RETRY_TIMES_WHEN_SEND_FAILED = ConfigKey.ofInt("retryTimesWhenSendFailed", 2,
        0, 100, "Extra attempts of a sync send after a failure, each on another broker when there is one.");
    public static final ConfigKey<Integer> RETRY_TIMES_WHEN_SEND_ASYNC_FAILED = ConfigKey.ofInt(
        "retryTimesWhenSendAsyncFailed", 2, 0, 100, "Extra attempts of an async send after a failure.");
    public static final ConfigKey<Boolean> RETRY_ANOTHER_BROKER_WHEN_NOT_STORE_OK = ConfigKey.ofBoolean(
        "retryAnotherBrokerWhenNotStoreOK", false,
        "Also retry when the broker stored the message but could not confirm flush/replication in time.");
    public static final ConfigKey<Integer> COMPRESS_MSG_BODY_OVER_HOWMUCH = ConfigKey.ofInt(
        "compressMsgBodyOverHowmuch", 4_096, 0, Integer.MAX_VALUE,
        "Bodies of at least this many bytes are zlib-compressed (single messages only).");
    public static final ConfigKey<Integer> COMPRESS_LEVEL = ConfigKey.ofInt("compressLevel", 5, -1, 9,
        "zlib level of compressed bodies.").orSystemProperty("rocketmq.message.compressLevel");
    public static final ConfigKey<Integer> MAX_MESSAGE_SIZE = ConfigKey.ofInt("maxMessageSize", 4 * 1024 * 1024, 1,
        Integer.MAX_VALUE, "Largest body (and largest encoded batch) the producer sends, in bytes.");
    public static final ConfigKey<Boolean> SEND_LATENCY_FAULT_ENABLE = ConfigKey.ofBoolean("sendLatencyFaultEnable",
        false, "Avoid brokers that answered slowly or failed, for a time that grows with the observed latency.")
        .orSystemProperty("com.rocketmq.sendLatencyEnable");
    public static final ConfigKey<Integer> DEFAULT_TOPIC_QUEUE_NUMS = ConfigKey.ofInt("defaultTopicQueueNums", 4, 1,
        1024, "Queues of a topic the broker creates on first send (auto-creation from TBW102).");
    public static final ConfigKey<String> CREATE_TOPIC_KEY = ConfigKey.ofString("createTopicKey", "TBW102",
        "The template topic of auto-creation.");

    public static final ConfigDef DEFINITION = ConfigDef.of("producer", PRODUCER_GROUP, SEND_MSG_TIMEOUT,
        RETRY_TIMES_WHEN_SEND_FAILED, RETRY_TIMES_WHEN_SEND_ASYNC_FAILED, RETRY_ANOTHER_BROKER_WHEN_NOT_STORE_OK,
        COMPRESS_MSG_BODY_OVER_HOWMUCH, COMPRESS_LEVEL, MAX_MESSAGE_SIZE, SEND_LATENCY_FAULT_ENABLE,
        DEFAULT_TOPIC_QUEUE_NUMS, CREATE_TOPIC_KEY);

    private ProducerConfig() {
    }
}
