package dev.petrel.remoting;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsMode;

/**
 * Configuration of a {@link RemotingClient}: RocketMQ's {@code NettyClientConfig} names and defaults (several of which
 * are also read from Apache's {@code com.rocketmq.remoting.*} system properties, see {@link ConfigKey#orSystemProperty}),
 * plus the shared {@link RemotingCommonConfig} keys. Immutable.
 */
public final class RemotingClientConfig {

    public static final ConfigKey<Integer> CLIENT_WORKER_THREADS = ConfigKey.ofInt("clientWorkerThreads",
        4, 1, 256, "Network I/O threads of the client (petrel-<name>-io-N); they also encode and decode frames.")
        .orSystemProperty("com.rocketmq.remoting.client.worker.size");
    public static final ConfigKey<Integer> CLIENT_CALLBACK_EXECUTOR_THREADS = ConfigKey.ofInt(
        "clientCallbackExecutorThreads", Runtime.getRuntime().availableProcessors(), 1, 1024,
        "Threads that run async-call callbacks and processors registered without an executor "
            + "(petrel-<name>-callback-N).").documentedDefault("number of cores");
    public static final ConfigKey<Integer> CLIENT_ONEWAY_SEMAPHORE_VALUE = ConfigKey.ofInt("clientOnewaySemaphoreValue",
        65535, 1, Integer.MAX_VALUE, "Most oneway requests in flight at once.")
        .orSystemProperty("com.rocketmq.remoting.clientOnewaySemaphoreValue");
    public static final ConfigKey<Integer> CLIENT_ASYNC_SEMAPHORE_VALUE = ConfigKey.ofInt("clientAsyncSemaphoreValue",
        65535, 1, Integer.MAX_VALUE, "Most async requests in flight at once.")
        .orSystemProperty("com.rocketmq.remoting.clientAsyncSemaphoreValue");
    public static final ConfigKey<Integer> CONNECT_TIMEOUT_MILLIS = ConfigKey.ofInt("connectTimeoutMillis",
        3000, 1, Integer.MAX_VALUE, "How long (ms) to wait for a TCP connection to be established.")
        .orSystemProperty("com.rocketmq.remoting.client.connect.timeout");
    public static final ConfigKey<Integer> CLIENT_CHANNEL_MAX_IDLE_TIME_SECONDS = ConfigKey.ofInt(
        "clientChannelMaxIdleTimeSeconds", 120, 0, Integer.MAX_VALUE,
        "Close a connection that has neither read nor written for this many seconds; 0 never.")
        .orSystemProperty("com.rocketmq.remoting.client.channel.maxIdleTimeSeconds");
    public static final ConfigKey<Integer> CLIENT_SOCKET_SND_BUF_SIZE = ConfigKey.ofInt("clientSocketSndBufSize", 0, 0,
        Integer.MAX_VALUE, "SO_SNDBUF in bytes; 0 keeps the OS default.");
    public static final ConfigKey<Integer> CLIENT_SOCKET_RCV_BUF_SIZE = ConfigKey.ofInt("clientSocketRcvBufSize", 0, 0,
        Integer.MAX_VALUE, "SO_RCVBUF in bytes; 0 keeps the OS default.");
    public static final ConfigKey<Boolean> CLIENT_POOLED_BYTE_BUF_ALLOCATOR_ENABLE = ConfigKey.ofBoolean(
        "clientPooledByteBufAllocatorEnable", false,
        "Force Netty's pooled allocator; false uses Netty's default allocator.");
    public static final ConfigKey<Boolean> USE_TLS = ConfigKey.ofBoolean("useTLS", false,
        "Open every connection (NameServers and brokers alike) with TLS; also on when tls.server.mode is enforcing. "
            + "RocketMQ's ClientConfig.setUseTLS; the system property tls.enable sets it too.")
        .orSystemProperty("tls.enable");

    /** The client's own keys; add {@link RemotingCommonConfig#DEFINITION} once per process. */
    public static final ConfigDef DEFINITION = ConfigDef.of("remoting client", CLIENT_WORKER_THREADS,
        CLIENT_CALLBACK_EXECUTOR_THREADS, CLIENT_ONEWAY_SEMAPHORE_VALUE, CLIENT_ASYNC_SEMAPHORE_VALUE,
        CONNECT_TIMEOUT_MILLIS, CLIENT_CHANNEL_MAX_IDLE_TIME_SECONDS, CLIENT_SOCKET_SND_BUF_SIZE,
        CLIENT_SOCKET_RCV_BUF_SIZE, CLIENT_POOLED_BYTE_BUF_ALLOCATOR_ENABLE, USE_TLS);

    private static final ConfigDef ALL = DEFINITION.plus("remoting client (with shared keys)", RemotingCommonConfig.DEFINITION);

    private final Config values;

    private RemotingClientConfig(Config values) {
        this.values = values;
    }

    public static RemotingClientConfig defaults() {
        return new RemotingClientConfig(ALL.defaults());
    }

    /** Picks the client's and the shared keys out of a component's configuration; missing keys keep defaults. */
    public static RemotingClientConfig from(Config config) {
        return new RemotingClientConfig(ConfigCopy.project(ALL, config));
    }

    public <T> RemotingClientConfig with(ConfigKey<T> key, T value) {
        return new RemotingClientConfig(values.with(key, value));
    }

    public <T> T get(ConfigKey<T> key) {
        return values.get(key);
    }

    /** Every value, for the TLS context (which reads its keys and the tls.config.file overlay from it). */
    Config values() {
        return values;
    }

    /**
     * Whether this client's connections use TLS: {@code useTLS} (or {@code -Dtls.enable}), or a process whose
     * servers enforce TLS ({@code tls.server.mode=enforcing}), as RocketMQ's {@code NettyClientConfig} decides.
     */
    public boolean useTls() {
        return values.get(USE_TLS) || values.get(TlsConfig.TLS_SERVER_MODE) == TlsMode.ENFORCING;
    }

    public int workerThreads() {
        return values.get(CLIENT_WORKER_THREADS);
    }

    public int callbackExecutorThreads() {
        return values.get(CLIENT_CALLBACK_EXECUTOR_THREADS);
    }

    public int onewaySemaphoreValue() {
        return values.get(CLIENT_ONEWAY_SEMAPHORE_VALUE);
    }

    public int asyncSemaphoreValue() {
        return values.get(CLIENT_ASYNC_SEMAPHORE_VALUE);
    }

    public int connectTimeoutMillis() {
        return values.get(CONNECT_TIMEOUT_MILLIS);
    }

    public int channelMaxIdleTimeSeconds() {
        return values.get(CLIENT_CHANNEL_MAX_IDLE_TIME_SECONDS);
    }

    public int socketSndBufSize() {
        return values.get(CLIENT_SOCKET_SND_BUF_SIZE);
    }

    public int socketRcvBufSize() {
        return values.get(CLIENT_SOCKET_RCV_BUF_SIZE);
    }

    public boolean pooledByteBufAllocatorEnable() {
        return values.get(CLIENT_POOLED_BYTE_BUF_ALLOCATOR_ENABLE);
    }

    public int frameMaxLength() {
        return values.get(RemotingCommonConfig.FRAME_MAX_LENGTH);
    }

    public boolean useEpollNativeSelector() {
        return values.get(RemotingCommonConfig.USE_EPOLL_NATIVE_SELECTOR);
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
