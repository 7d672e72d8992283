package dev.petrel.admin.cli;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * What {@code bin/petrel admin} reads besides its flags: where mqadmin's {@code conf/tools.yml} lives. The
 * NameServer address is the client's {@code rocketmq.namesrv.addr}; the credentials' environment variables
 * ({@code PETREL_ACCESS_KEY}, {@code PETREL_SECRET_KEY}) are read from the run's environment ({@link Invocation}).
 */
public final class AdminToolConfig {

    public static final ConfigKey<String> ROCKETMQ_HOME = ConfigKey.ofString("rocketmq.home.dir", null,
        "RocketMQ's home, whose conf/tools.yml (accessKey, secretKey) signs the admin tool's requests when neither "
            + "--access-key nor $PETREL_ACCESS_KEY is given, as mqadmin reads it; unset: $ROCKETMQ_HOME. A system "
            + "property (PETREL_JAVA_OPTS), as for mqadmin.").orSystemProperty("rocketmq.home.dir");

    /** Every key the admin tool reads. */
    public static final ConfigDef DEF = ConfigDef.of("admin", ROCKETMQ_HOME);

    private AdminToolConfig() {
    }
}
