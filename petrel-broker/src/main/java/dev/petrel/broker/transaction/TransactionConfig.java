package dev.petrel.broker.transaction;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * The transaction check-back's properties: Apache RocketMQ 5.3.1 {@code BrokerConfig} names and defaults.
 * {@code rejectTransactionMessage} stays in the broker's own keys.
 */
public final class TransactionConfig {

    public static final ConfigKey<Long> TRANSACTION_TIME_OUT = ConfigKey.ofLong("transactionTimeOut", 6_000, 0,
        Long.MAX_VALUE, "age a half message must reach before the broker asks its producer group about it, ms "
            + "(a message's CHECK_IMMUNITY_TIME_IN_SECONDS may lengthen it)").dynamic();
    public static final ConfigKey<Integer> TRANSACTION_CHECK_MAX = ConfigKey.ofInt("transactionCheckMax", 15, 1,
        Integer.MAX_VALUE, "check-backs of one half message before it is given up and moved to "
            + "TRANS_CHECK_MAX_TIME_TOPIC").dynamic();
    public static final ConfigKey<Long> TRANSACTION_CHECK_INTERVAL = ConfigKey.ofLong("transactionCheckInterval",
        30_000, 10, Long.MAX_VALUE, "period of the transaction check-back scan, ms (a change applies after the current "
            + "wait)").dynamic();

    public static final ConfigDef DEF = ConfigDef.of("transaction", TRANSACTION_TIME_OUT, TRANSACTION_CHECK_MAX,
        TRANSACTION_CHECK_INTERVAL);

    private TransactionConfig() {
    }
}
