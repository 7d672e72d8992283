package dev.petrel.remoting;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.remoting.tls.TlsConfig;

/**
 * Remoting properties shared by servers and clients. A process that runs both declares these once (its definition
 * is {@code RemotingServerConfig.DEFINITION + RemotingClientConfig.DEFINITION + RemotingCommonConfig.DEFINITION}).
 */
public final class RemotingCommonConfig {

    /** Apache reads this only as a JVM system property; Petrel also accepts it as a configuration key. */
    public static final String FRAME_MAX_LENGTH_PROPERTY = "com.rocketmq.remoting.frameMaxLength";

    public static final ConfigKey<Integer> FRAME_MAX_LENGTH = ConfigKey.ofInt(FRAME_MAX_LENGTH_PROPERTY,
        16_777_216, 64, Integer.MAX_VALUE,
        "Largest accepted frame in bytes, length field included; a longer frame closes its connection (16 MiB).")
        .orSystemProperty(FRAME_MAX_LENGTH_PROPERTY);

    public static final ConfigKey<Boolean> USE_EPOLL_NATIVE_SELECTOR = ConfigKey.ofBoolean("useEpollNativeSelector", true,
        "Use Linux native epoll where its library loads, NIO otherwise (Petrel default true; Apache's is false).");

    /** The frame and transport keys, then the TLS keys ({@link TlsConfig}), which servers and clients both read. */
    public static final ConfigDef DEFINITION = ConfigDef.of("remoting", FRAME_MAX_LENGTH, USE_EPOLL_NATIVE_SELECTOR)
        .plus("remoting", TlsConfig.DEFINITION);

    private RemotingCommonConfig() {
    }
}
