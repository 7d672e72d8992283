package dev.petrel.client.consumer;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.protocol.body.heartbeat.MessageModel;

/** A lite pull consumer's settings: RocketMQ's {@code DefaultLitePullConsumer} names and defaults. */
public final class LitePullConsumerConfig {

    public static final ConfigKey<String> CONSUMER_GROUP = ConfigKey.ofString("consumerGroup", null,
        "The consumer group (required).");
    public static final ConfigKey<MessageModel> MESSAGE_MODEL = ConfigKey.ofEnum("messageModel", MessageModel.class,
        MessageModel.CLUSTERING, "CLUSTERING: subscribe mode splits queues between members; BROADCASTING: every member.");
    public static final ConfigKey<StartPosition> CONSUME_FROM_WHERE = ConfigKey.ofEnum("consumeFromWhere",
        StartPosition.class, StartPosition.LAST_OFFSET, "Where a queue without a committed offset starts.");
    public static final ConfigKey<String> CONSUME_TIMESTAMP = ConfigKey.ofString("consumeTimestamp", null,
        "Start time for TIMESTAMP, yyyyMMddHHmmss in local time; unset means 30 minutes before start.");
    public static final ConfigKey<Boolean> AUTO_COMMIT = ConfigKey.ofBoolean("autoCommit", true,
        "Commit polled offsets automatically (from poll, every autoCommitIntervalMillis).");
    public static final ConfigKey<Long> AUTO_COMMIT_INTERVAL_MILLIS = ConfigKey.ofLong("autoCommitIntervalMillis", 5_000,
        1_000, Long.MAX_VALUE, "How often poll commits when autoCommit is on.");
    public static final ConfigKey<Integer> PULL_BATCH_SIZE = ConfigKey.ofInt("pullBatchSize", 10, 1, 1024,
        "Most messages per pull.");
    public static final ConfigKey<Integer> PULL_THRESHOLD_FOR_QUEUE = ConfigKey.ofInt("pullThresholdForQueue", 1000, 1,
        65535, "Stop pulling a queue while this many of its messages wait to be polled.");
    public static final ConfigKey<Integer> PULL_THRESHOLD_SIZE_FOR_QUEUE = ConfigKey.ofInt("pullThresholdSizeForQueue",
        100, 1, 1024, "Stop pulling a queue while this many MiB of its bodies wait to be polled.");
    public static final ConfigKey<Long> POLL_TIMEOUT_MILLIS = ConfigKey.ofLong("pollTimeoutMillis", 5_000, 0,
        Long.MAX_VALUE, "Default wait of poll().");
    public static final ConfigKey<Long> BROKER_SUSPEND_MAX_TIME_MILLIS = ConfigKey.ofLong("brokerSuspendMaxTimeMillis",
        20_000, 1, Long.MAX_VALUE, "Long polling: how long the broker may hold a pull.");
    public static final ConfigKey<Long> CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND = ConfigKey.ofLong(
        "consumerTimeoutMillisWhenSuspend", 30_000, 1, Long.MAX_VALUE, "Client timeout of a held pull.");
    public static final ConfigKey<String> LOCAL_OFFSET_STORE_DIR = PushConsumerConfig.LOCAL_OFFSET_STORE_DIR;

    public static final ConfigDef DEFINITION = ConfigDef.of("lite pull consumer", CONSUMER_GROUP, MESSAGE_MODEL,
        CONSUME_FROM_WHERE, CONSUME_TIMESTAMP, AUTO_COMMIT, AUTO_COMMIT_INTERVAL_MILLIS, PULL_BATCH_SIZE,
        PULL_THRESHOLD_FOR_QUEUE, PULL_THRESHOLD_SIZE_FOR_QUEUE, POLL_TIMEOUT_MILLIS, BROKER_SUSPEND_MAX_TIME_MILLIS,
        CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND, LOCAL_OFFSET_STORE_DIR);

    private LitePullConsumerConfig() {
    }
}
