package dev.petrel.client.consumer;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/** A plain pull consumer's settings: RocketMQ's {@code DefaultMQPullConsumer} names and defaults. */
public final class PullConsumerConfig {

    public static final ConfigKey<String> CONSUMER_GROUP = ConfigKey.ofString("consumerGroup", null,
        "The consumer group (required): offsets are stored under it.");
    public static final ConfigKey<Long> BROKER_SUSPEND_MAX_TIME_MILLIS = ConfigKey.ofLong("brokerSuspendMaxTimeMillis",
        20_000, 1, Long.MAX_VALUE, "pullBlockIfNotFound: how long the broker may hold the pull.");
    public static final ConfigKey<Long> CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND = ConfigKey.ofLong(
        "consumerTimeoutMillisWhenSuspend", 30_000, 1, Long.MAX_VALUE, "pullBlockIfNotFound: client timeout.");
    public static final ConfigKey<Long> CONSUMER_PULL_TIMEOUT_MILLIS = ConfigKey.ofLong("consumerPullTimeoutMillis",
        10_000, 1, Long.MAX_VALUE, "Timeout of a pull that is not held.");

    public static final ConfigDef DEFINITION = ConfigDef.of("pull consumer", CONSUMER_GROUP,
        BROKER_SUSPEND_MAX_TIME_MILLIS, CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND, CONSUMER_PULL_TIMEOUT_MILLIS);

    private PullConsumerConfig() {
    }
}
