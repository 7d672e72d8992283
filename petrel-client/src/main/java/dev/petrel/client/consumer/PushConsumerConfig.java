package dev.petrel.client.consumer;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.protocol.body.heartbeat.MessageModel;

/** A push consumer's settings: RocketMQ's {@code DefaultMQPushConsumer} names and defaults. */
public final class PushConsumerConfig {

    public static final ConfigKey<String> CONSUMER_GROUP = ConfigKey.ofString("consumerGroup", null,
        "The consumer group (required).");
    public static final ConfigKey<MessageModel> MESSAGE_MODEL = ConfigKey.ofEnum("messageModel", MessageModel.class,
        MessageModel.CLUSTERING, "CLUSTERING: each message to one member; BROADCASTING: to every member.");
    public static final ConfigKey<StartPosition> CONSUME_FROM_WHERE = ConfigKey.ofEnum("consumeFromWhere",
        StartPosition.class, StartPosition.LAST_OFFSET, "Where a group without a committed offset starts.");
    public static final ConfigKey<String> CONSUME_TIMESTAMP = ConfigKey.ofString("consumeTimestamp", null,
        "Start time for TIMESTAMP, yyyyMMddHHmmss in local time; unset means 30 minutes before start.");
    public static final ConfigKey<Integer> CONSUME_THREAD_MIN = ConfigKey.ofInt("consumeThreadMin", 20, 1, 1000,
        "Listener threads (the pool does not grow beyond its core size, as in RocketMQ).");
    public static final ConfigKey<Integer> CONSUME_THREAD_MAX = ConfigKey.ofInt("consumeThreadMax", 20, 1, 1000,
        "Upper bound of listener threads (kept for compatibility).");
    public static final ConfigKey<Integer> CONSUME_CONCURRENTLY_MAX_SPAN = ConfigKey.ofInt("consumeConcurrentlyMaxSpan",
        2000, 1, 65535, "Concurrent listeners: stop pulling a queue while its cached offsets span more than this.");
    public static final ConfigKey<Integer> PULL_THRESHOLD_FOR_QUEUE = ConfigKey.ofInt("pullThresholdForQueue", 1000, 1,
        65535, "Stop pulling a queue while it caches more than this many messages.");
    public static final ConfigKey<Integer> PULL_THRESHOLD_SIZE_FOR_QUEUE = ConfigKey.ofInt("pullThresholdSizeForQueue",
        100, 1, 1024, "Stop pulling a queue while it caches more than this many MiB of bodies.");
    public static final ConfigKey<Long> PULL_INTERVAL = ConfigKey.ofLong("pullInterval", 0, 0, 65535,
        "Pause (ms) between a queue's pulls.");
    public static final ConfigKey<Integer> CONSUME_MESSAGE_BATCH_MAX_SIZE = ConfigKey.ofInt("consumeMessageBatchMaxSize",
        1, 1, 1024, "Most messages per listener call.");
    public static final ConfigKey<Integer> PULL_BATCH_SIZE = ConfigKey.ofInt("pullBatchSize", 32, 1, 1024,
        "Most messages per pull.");
    public static final ConfigKey<Integer> PULL_BATCH_SIZE_IN_BYTES = ConfigKey.ofInt("pullBatchSizeInBytes",
        256 * 1024, 1, 1024 * 1024 * 1024, "Most body bytes per pull (maxMsgBytes).");
    public static final ConfigKey<Integer> MAX_RECONSUME_TIMES = ConfigKey.ofInt("maxReconsumeTimes", -1, -1, 1000,
        "Redeliveries before a message goes to the dead-letter topic; -1 = 16 (concurrent) or unlimited (orderly).");
    public static final ConfigKey<Long> SUSPEND_CURRENT_QUEUE_TIME_MILLIS = ConfigKey.ofLong(
        "suspendCurrentQueueTimeMillis", 1000, 10, 30_000, "Orderly: pause of a queue after RETRY_LATER.");
    public static final ConfigKey<Long> AWAIT_TERMINATION_MILLIS_WHEN_SHUTDOWN = ConfigKey.ofLong(
        "awaitTerminationMillisWhenShutdown", 0, 0, Long.MAX_VALUE,
        "On close, wait this long for running listener calls to finish before committing offsets.");
    public static final ConfigKey<Long> BROKER_SUSPEND_MAX_TIME_MILLIS = ConfigKey.ofLong("brokerSuspendMaxTimeMillis",
        15_000, 1, Long.MAX_VALUE, "Long polling: how long the broker may hold a pull.");
    public static final ConfigKey<Long> CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND = ConfigKey.ofLong(
        "consumerTimeoutMillisWhenSuspend", 30_000, 1, Long.MAX_VALUE, "Client timeout of a held pull.");
    public static final ConfigKey<Boolean> POST_SUBSCRIPTION_WHEN_PULL = ConfigKey.ofBoolean("postSubscriptionWhenPull",
        false, "Send the expression with every pull (else the broker uses the heartbeat's).");
    public static final ConfigKey<String> LOCAL_OFFSET_STORE_DIR = ConfigKey.ofString("localOffsetStoreDir",
        System.getProperty("user.home") + java.io.File.separator + ".rocketmq_offsets",
        "Broadcasting: directory of the local offset files (<dir>/<clientId>/<group>/offsets.json).")
        .orSystemProperty("rocketmq.client.localOffsetStoreDir").documentedDefault("${user.home}/.rocketmq_offsets");
    public static final ConfigKey<Long> REBALANCE_LOCK_INTERVAL = ConfigKey.ofLong(
        "rocketmq.client.rebalance.lockInterval", 20_000, 10, Long.MAX_VALUE,
        "Orderly clustering consumers: how often (ms) the locks of all owned queues are renewed (LOCK_BATCH_MQ).")
        .orSystemProperty("rocketmq.client.rebalance.lockInterval");
    public static final ConfigKey<Long> REBALANCE_LOCK_MAX_LIVE_TIME = ConfigKey.ofLong(
        "rocketmq.client.rebalance.lockMaxLiveTime", 30_000, 10, Long.MAX_VALUE,
        "Orderly clustering consumers: how long (ms) after the last successful lock a queue is still consumed; keep "
            + "it below the broker's rocketmq.broker.rebalance.lockMaxLiveTime (60 s).")
        .orSystemProperty("rocketmq.client.rebalance.lockMaxLiveTime");

    public static final ConfigDef DEFINITION = ConfigDef.of("push consumer", CONSUMER_GROUP, MESSAGE_MODEL,
        CONSUME_FROM_WHERE, CONSUME_TIMESTAMP, CONSUME_THREAD_MIN, CONSUME_THREAD_MAX, CONSUME_CONCURRENTLY_MAX_SPAN,
        PULL_THRESHOLD_FOR_QUEUE, PULL_THRESHOLD_SIZE_FOR_QUEUE, PULL_INTERVAL, CONSUME_MESSAGE_BATCH_MAX_SIZE,
        PULL_BATCH_SIZE, PULL_BATCH_SIZE_IN_BYTES, MAX_RECONSUME_TIMES, SUSPEND_CURRENT_QUEUE_TIME_MILLIS,
        AWAIT_TERMINATION_MILLIS_WHEN_SHUTDOWN, BROKER_SUSPEND_MAX_TIME_MILLIS, CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND,
        POST_SUBSCRIPTION_WHEN_PULL, LOCAL_OFFSET_STORE_DIR, REBALANCE_LOCK_INTERVAL, REBALANCE_LOCK_MAX_LIVE_TIME);

    private PushConsumerConfig() {
    }
}
