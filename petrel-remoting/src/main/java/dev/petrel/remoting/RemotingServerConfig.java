package dev.petrel.remoting;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * Configuration of a {@link RemotingServer}: RocketMQ's {@code NettyServerConfig} names and defaults, plus the shared
 * {@link RemotingCommonConfig} keys. Immutable.
 */
public final class RemotingServerConfig {

    public static final ConfigKey<Integer> LISTEN_PORT = ConfigKey.ofInt("listenPort", 0, 0, 65535,
        "TCP port to listen on; 0 picks a free port (components set their own default, e.g. 9876, 10911).");
    public static final ConfigKey<String> BIND_ADDRESS = ConfigKey.ofString("bindAddress", "0.0.0.0",
        "Local address to bind; 0.0.0.0 listens on every interface.");
    public static final ConfigKey<Integer> SERVER_SELECTOR_THREADS = ConfigKey.ofInt("serverSelectorThreads", 3, 1, 256,
        "Network I/O threads (petrel-<name>-io-N); they also encode and decode frames.");
    public static final ConfigKey<Integer> SERVER_WORKER_THREADS = ConfigKey.ofInt("serverWorkerThreads", 8, 1, 1024,
        "Accepted for broker.conf compatibility. Apache runs its codec on this many extra threads; Petrel decodes on "
            + "the selector threads and has no such pool.");
    public static final ConfigKey<Integer> SERVER_CALLBACK_EXECUTOR_THREADS = ConfigKey.ofInt(
        "serverCallbackExecutorThreads", 0, 0, 1024,
        "Threads of the public executor (petrel-<name>-callback-N): processors registered without an executor and "
            + "async-call callbacks; 0 means 4.");
    public static final ConfigKey<Integer> SERVER_ONEWAY_SEMAPHORE_VALUE = ConfigKey.ofInt("serverOnewaySemaphoreValue",
        256, 1, Integer.MAX_VALUE, "Most oneway requests this server may have in flight towards its clients.");
    public static final ConfigKey<Integer> SERVER_ASYNC_SEMAPHORE_VALUE = ConfigKey.ofInt("serverAsyncSemaphoreValue",
        64, 1, Integer.MAX_VALUE, "Most async requests this server may have in flight towards its clients.");
    public static final ConfigKey<Integer> SERVER_CHANNEL_MAX_IDLE_TIME_SECONDS = ConfigKey.ofInt(
        "serverChannelMaxIdleTimeSeconds", 120, 0, Integer.MAX_VALUE,
        "Close a connection that has neither read nor written for this long; 0 never closes.");
    public static final ConfigKey<Integer> SERVER_SOCKET_SND_BUF_SIZE = ConfigKey.ofInt("serverSocketSndBufSize", 0, 0,
        Integer.MAX_VALUE, "SO_SNDBUF of accepted connections in bytes; 0 keeps the OS default.");
    public static final ConfigKey<Integer> SERVER_SOCKET_RCV_BUF_SIZE = ConfigKey.ofInt("serverSocketRcvBufSize", 0, 0,
        Integer.MAX_VALUE, "SO_RCVBUF of accepted connections in bytes; 0 keeps the OS default.");
    public static final ConfigKey<Integer> SERVER_SOCKET_BACKLOG = ConfigKey.ofInt("serverSocketBacklog", 1024, 1,
        Integer.MAX_VALUE, "Accept queue length (SO_BACKLOG).");
    public static final ConfigKey<Integer> WRITE_BUFFER_HIGH_WATER_MARK = ConfigKey.ofInt("writeBufferHighWaterMark", 0,
        0, Integer.MAX_VALUE, "Bytes queued for a connection before it reports unwritable; 0 keeps Netty's 64 KiB.");
    public static final ConfigKey<Integer> WRITE_BUFFER_LOW_WATER_MARK = ConfigKey.ofInt("writeBufferLowWaterMark", 0, 0,
        Integer.MAX_VALUE, "Bytes queued below which a connection is writable again; 0 keeps Netty's 32 KiB.");
    public static final ConfigKey<Boolean> SERVER_POOLED_BYTE_BUF_ALLOCATOR_ENABLE = ConfigKey.ofBoolean(
        "serverPooledByteBufAllocatorEnable", true, "Use Netty's pooled allocator for connection buffers.");

    /** The server's own keys; add {@link RemotingCommonConfig#DEFINITION} once per process. */
    public static final ConfigDef DEFINITION = ConfigDef.of("remoting server", LISTEN_PORT, BIND_ADDRESS,
        SERVER_SELECTOR_THREADS, SERVER_WORKER_THREADS, SERVER_CALLBACK_EXECUTOR_THREADS, SERVER_ONEWAY_SEMAPHORE_VALUE,
        SERVER_ASYNC_SEMAPHORE_VALUE, SERVER_CHANNEL_MAX_IDLE_TIME_SECONDS, SERVER_SOCKET_SND_BUF_SIZE,
        SERVER_SOCKET_RCV_BUF_SIZE, SERVER_SOCKET_BACKLOG, WRITE_BUFFER_HIGH_WATER_MARK, WRITE_BUFFER_LOW_WATER_MARK,
        SERVER_POOLED_BYTE_BUF_ALLOCATOR_ENABLE);

    private static final ConfigDef ALL = DEFINITION.plus("remoting server (with shared keys)", RemotingCommonConfig.DEFINITION);

    private final Config values;

    private RemotingServerConfig(Config values) {
        this.values = values;
    }

    /** All defaults. */
    public static RemotingServerConfig defaults() {
        return new RemotingServerConfig(ALL.defaults());
    }

    /** Picks the server's and the shared keys out of a component's configuration; missing keys keep defaults. */
    public static RemotingServerConfig from(Config config) {
        return new RemotingServerConfig(ConfigCopy.project(ALL, config));
    }

    /** A copy with one value replaced. */
    public <T> RemotingServerConfig with(ConfigKey<T> key, T value) {
        return new RemotingServerConfig(values.with(key, value));
    }

    public <T> T get(ConfigKey<T> key) {
        return values.get(key);
    }

    /** Every value, for the TLS context (which reads its keys and the tls.config.file overlay from it). */
    Config values() {
        return values;
    }

    public int listenPort() {
        return values.get(LISTEN_PORT);
    }

    public String bindAddress() {
        return values.get(BIND_ADDRESS);
    }

    public int selectorThreads() {
        return values.get(SERVER_SELECTOR_THREADS);
    }

    public int callbackExecutorThreads() {
        int n = values.get(SERVER_CALLBACK_EXECUTOR_THREADS);
        return n == 0 ? 4 : n;
    }

    public int onewaySemaphoreValue() {
        return values.get(SERVER_ONEWAY_SEMAPHORE_VALUE);
    }

    public int asyncSemaphoreValue() {
        return values.get(SERVER_ASYNC_SEMAPHORE_VALUE);
    }

    public int channelMaxIdleTimeSeconds() {
        return values.get(SERVER_CHANNEL_MAX_IDLE_TIME_SECONDS);
    }

    public int socketSndBufSize() {
        return values.get(SERVER_SOCKET_SND_BUF_SIZE);
    }

    public int socketRcvBufSize() {
        return values.get(SERVER_SOCKET_RCV_BUF_SIZE);
    }

    public int socketBacklog() {
        return values.get(SERVER_SOCKET_BACKLOG);
    }

    public int writeBufferHighWaterMark() {
        return values.get(WRITE_BUFFER_HIGH_WATER_MARK);
    }

    public int writeBufferLowWaterMark() {
        return values.get(WRITE_BUFFER_LOW_WATER_MARK);
    }

    public boolean pooledByteBufAllocatorEnable() {
        return values.get(SERVER_POOLED_BYTE_BUF_ALLOCATOR_ENABLE);
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
