package dev.petrel.remoting;

import dev.petrel.common.time.Clock;
import dev.petrel.remoting.tls.ReloadingSslContext;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsMode;
import dev.petrel.remoting.tls.TlsSetupException;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RocketMQ remoting server: accepts connections, decodes frames, dispatches requests by code to registered
 * processors on their executors, and lets processors call back into clients over the same connections.
 *
 * <p>Life cycle: construct, {@linkplain #registerProcessor register processors} and listeners, {@link #start()},
 * later {@link #close()}. Registration after start is refused, so the dispatch table needs no locking.
 *
 * <p>Threads (all named after the server): {@code petrel-<name>-boss-1} accepts connections;
 * {@code petrel-<name>-io-N} ({@code serverSelectorThreads}) read, decode, encode and write, never block, and run
 * {@link RequestProcessor#rejectRequest()}; processors run on their {@link ProcessorExecutor}s; see
 * {@link EndpointContext} for the event, timer and callback threads.
 *
 * <p>TLS ({@code tls.server.mode}, see {@link TlsConfig}): unless disabled, each connection's first byte decides
 * whether it is TLS ({@link TlsDetectHandler}); enforcing closes plaintext ones. The key and certificates are checked
 * every {@code tlsFileCheckIntervalMillis} on the timer thread and new connections get the new ones.
 *
 * <p>Bad input is contained: a frame over {@code com.rocketmq.remoting.frameMaxLength} or one that fails to decode
 * closes only its connection, with a logged reason, and nothing is allocated for a length a peer merely claims.
 */
public final class RemotingServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RemotingServer.class);

    private final String name;
    private final RemotingServerConfig config;
    private final EndpointContext endpoint;
    private final ProcessorTable processors = new ProcessorTable();
    private final ConnectionPipeline pipeline;
    private final Transport transport;
    private final ByteBufAllocator allocator;
    private final TlsMode tlsMode;
    private final ReloadingSslContext tls;
    private EventLoopGroup bossGroup;
    private EventLoopGroup ioGroup;
    private Channel serverChannel;
    private boolean started;
    private boolean closed;

    /**
     * @param name names the threads and log lines, e.g. {@code namesrv} or {@code broker}
     */
    public RemotingServer(String name, RemotingServerConfig config, Clock clock) {
        this(name, config, clock, null);
    }

    /**
     * @param allocator the buffer allocator for connections; null picks one from the configuration
     *                  ({@code serverPooledByteBufAllocatorEnable}). Tests pass a counting allocator.
     */
    public RemotingServer(String name, RemotingServerConfig config, Clock clock, ByteBufAllocator allocator) {
        this.name = name;
        this.config = config;
        this.tlsMode = config.get(TlsConfig.TLS_SERVER_MODE);
        this.tls = tlsMode == TlsMode.DISABLED ? null : serverTls(name, config, tlsMode);
        this.endpoint = new EndpointContext(name, clock, new InFlightLimits(config.asyncSemaphoreValue(),
            RemotingServerConfig.SERVER_ASYNC_SEMAPHORE_VALUE.name(), config.onewaySemaphoreValue(),
            RemotingServerConfig.SERVER_ONEWAY_SEMAPHORE_VALUE.name()), config.callbackExecutorThreads(),
            RemotingServerConfig.SERVER_CALLBACK_EXECUTOR_THREADS.name());
        this.pipeline = new ConnectionPipeline(endpoint, processors, config.frameMaxLength(),
            config.channelMaxIdleTimeSeconds(), tlsMode, tls, 0);
        int check = config.get(TlsConfig.TLS_FILE_CHECK_INTERVAL_MILLIS);
        if (tls != null && check > 0) {
            endpoint.schedule(tls::checkForChanges, check);
        }
        this.transport = Transport.select(config.useEpollNativeSelector());
        this.allocator = ConnectionPipeline.allocator(allocator, config.pooledByteBufAllocatorEnable());
    }

    private static ReloadingSslContext serverTls(String name, RemotingServerConfig config, TlsMode mode) {
        try {
            return ReloadingSslContext.forServer(name, config.values(), mode == TlsMode.ENFORCING);
        } catch (TlsSetupException e) {
            throw new IllegalStateException("remoting server " + name + " cannot use TLS: " + e.getMessage(), e);
        }
    }

    /** The TLS mode of this server's port. */
    public TlsMode tlsMode() {
        return tlsMode;
    }

    /**
     * Compares the TLS files with those in use now, not waiting for the next scheduled check; true when new
     * connections get a new context. False too when TLS is disabled.
     */
    public boolean reloadTls() {
        return tls != null && tls.checkForChanges();
    }

    /**
     * Serves {@code requestCode} with {@code processor} on {@code executor}. The server owns the executor from now
     * on and shuts it down in {@link #close()}; one executor may serve many codes.
     */
    public void registerProcessor(int requestCode, RequestProcessor processor, ProcessorExecutor executor) {
        processors.register(requestCode, processor, executor);
    }

    /** Serves {@code requestCode} on the server's public executor ({@code serverCallbackExecutorThreads}). */
    public void registerProcessor(int requestCode, RequestProcessor processor) {
        processors.register(requestCode, processor, endpoint.callbacks);
    }

    /** Serves every code that has no processor of its own (the NameServer's single processor, for example). */
    public void registerDefaultProcessor(RequestProcessor processor, ProcessorExecutor executor) {
        processors.registerDefault(processor, executor);
    }

    /**
     * Sets the check every request passes before its processor (authentication, authorization); before
     * {@link #start()}. A refused request never reaches its processor.
     */
    public void setInterceptor(RequestInterceptor interceptor) {
        processors.setInterceptor(interceptor);
    }

    public void addConnectionListener(ConnectionListener listener) {
        endpoint.addListener(listener);
    }

    /**
     * Binds {@code bindAddress:listenPort} and starts accepting.
     *
     * @throws IllegalStateException if the address cannot be bound (in use, not local, no permission)
     */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("remoting server " + name + " is already started");
        }
        started = true;
        processors.freeze();
        bossGroup = transport.newGroup(1, "petrel-" + name + "-boss");
        ioGroup = transport.newGroup(config.selectorThreads(), "petrel-" + name + "-io");
        ServerBootstrap bootstrap = new ServerBootstrap()
            .group(bossGroup, ioGroup)
            .channel(transport.serverChannel)
            .option(ChannelOption.SO_BACKLOG, config.socketBacklog())
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, false)
            .childOption(ChannelOption.ALLOCATOR, allocator)
            .childHandler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    pipeline.install(ch);
                }
            });
        if (config.socketSndBufSize() > 0) {
            bootstrap.childOption(ChannelOption.SO_SNDBUF, config.socketSndBufSize());
        }
        if (config.socketRcvBufSize() > 0) {
            bootstrap.childOption(ChannelOption.SO_RCVBUF, config.socketRcvBufSize());
        }
        if (config.writeBufferHighWaterMark() > 0 && config.writeBufferLowWaterMark() > 0) {
            bootstrap.childOption(ChannelOption.WRITE_BUFFER_WATER_MARK,
                new WriteBufferWaterMark(config.writeBufferLowWaterMark(), config.writeBufferHighWaterMark()));
        }
        InetSocketAddress address = new InetSocketAddress(config.bindAddress(), config.listenPort());
        ChannelFuture bound = bootstrap.bind(address).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            shutdownGroups();
            endpoint.close();
            throw new IllegalStateException("remoting server " + name + " cannot listen on " + config.bindAddress() + ":"
                + config.listenPort() + ": " + bound.cause(), bound.cause());
        }
        serverChannel = bound.channel();
        LOG.info("remoting server {} listening on {} ({}, {} I/O threads, TLS {})", name,
            NettyConnection.format(serverChannel.localAddress()), transport.name, config.selectorThreads(),
            tlsMode.name().toLowerCase(java.util.Locale.ROOT));
    }

    /** The bound port (the real one when {@code listenPort} was 0). */
    public int port() {
        return localAddress().getPort();
    }

    public synchronized InetSocketAddress localAddress() {
        if (serverChannel == null) {
            throw new IllegalStateException("remoting server " + name + " is not started");
        }
        return (InetSocketAddress) serverChannel.localAddress();
    }

    /** The open connections at this moment. */
    public List<Connection> connections() {
        return List.copyOf(endpoint.connections);
    }

    public RemotingMetrics metrics() {
        return endpoint.metrics;
    }

    /** {@code epoll} or {@code nio}. */
    public String transportName() {
        return transport.name;
    }

    public String name() {
        return name;
    }

    /**
     * Stops accepting, closes every connection (calls still waiting fail with {@link RemotingClosedException}),
     * stops the I/O threads, then the registered executors (letting queued requests finish for up to 5 s).
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (serverChannel != null) {
            serverChannel.close().syncUninterruptibly();
        }
        for (NettyConnection c : endpoint.connections) {
            c.channel().close();
        }
        shutdownGroups();
        endpoint.close();
        for (ProcessorExecutor executor : processors.executors()) {
            executor.shutdown(5_000);
        }
        LOG.info("remoting server {} closed; {}", name, endpoint.metrics);
    }

    private void shutdownGroups() {
        for (EventLoopGroup group : new EventLoopGroup[] {bossGroup, ioGroup}) {
            if (group != null) {
                group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            }
        }
    }
}
