package dev.petrel.broker.reply;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/** Request-reply properties: Apache RocketMQ 5.3.1 {@code BrokerConfig} names and defaults. */
public final class ReplyConfig {

    public static final ConfigKey<Boolean> STORE_REPLY_MESSAGE_ENABLE = ConfigKey.ofBoolean("storeReplyMessageEnable",
        true, "also store replies in the cluster's reply topic (e.g. DefaultCluster_REPLY_TOPIC) after pushing them to the "
            + "requester").dynamic();

    public static final ConfigDef DEF = ConfigDef.of("reply", STORE_REPLY_MESSAGE_ENABLE);

    private ReplyConfig() {
    }
}
