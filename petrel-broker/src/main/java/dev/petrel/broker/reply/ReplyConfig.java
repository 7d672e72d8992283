package dev.petrel.broker.reply;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/** Request-reply properties: Apache RocketMQ 5.3.1 {@code BrokerConfig} names and defaults. */
public final class ReplyConfig {

    public static final ConfigKey<Boolean> STORE_REPLY_MESSAGE_ENABLE = ConfigKey.ofBoolean("storeReplyMessageEnable",
        true, "also store replies in the <cluster>_REPLY_TOPIC topic after pushing them to the requester").dynamic();
    public static final ConfigKey<Long> PUSH_REPLY_TIMEOUT_MILLIS = ConfigKey.ofLong("petrelPushReplyTimeoutMillis",
        3_000, 1, Long.MAX_VALUE, "Petrel extension: how long the broker waits for the requesting client to "
            + "acknowledge a pushed reply, ms");

    public static final ConfigDef DEF = ConfigDef.of("reply", STORE_REPLY_MESSAGE_ENABLE, PUSH_REPLY_TIMEOUT_MILLIS);

    private ReplyConfig() {
    }
}
