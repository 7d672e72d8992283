package dev.petrel.client.admin;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/** The admin client's own setting (RocketMQ's {@code DefaultMQAdminExt} timeout). */
public final class AdminConfig {

    public static final ConfigKey<Long> ADMIN_TIMEOUT_MILLIS = ConfigKey.ofLong("adminTimeoutMillis", 5_000, 1,
        Long.MAX_VALUE, "Timeout of each admin call.");

    public static final ConfigDef DEFINITION = ConfigDef.of("admin", ADMIN_TIMEOUT_MILLIS);

    private AdminConfig() {
    }
}
