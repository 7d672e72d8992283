package dev.petrel.remoting;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.tls.ReloadingSslContext;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsSetupException;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.AttributeKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RocketMQ remoting client: calls servers by address over cached connections, and serves the requests servers
 * send back over them (broker → client calls).
 *
 * <p>One connection per address, created on first use (waiting up to {@code connectTimeoutMillis}) and created
 * again on the next call after it closed, so a restarted server is reconnected to without anyone asking. Concurrent
 * first calls to an address share one connection attempt.
 *
 * <p>With {@code useTLS} (or {@code tls.enable}, or {@code tls.server.mode=enforcing}) every connection is TLS and
 * counts as made only once its handshake succeeded; a failed handshake (an untrusted server certificate, a server
 * without TLS) fails the call with a {@link RemotingConnectException} that says so.
 *
 * <p>Life cycle: construct, register processors and listeners, {@link #start()}, {@link #close()}. Threads:
 * {@code petrel-<name>-io-N} ({@code clientWorkerThreads}) do all network work; see {@link EndpointContext} for
 * the event, timer and callback threads.
 */
public final class RemotingClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RemotingClient.class);
    private static final AttributeKey<NettyConnection> CONNECTION = AttributeKey.valueOf("petrel.connection");

    private final String name;
    private final RemotingClientConfig config;
    private final EndpointContext endpoint;
    private final ProcessorTable processors = new ProcessorTable();
    private final ConnectionPipeline pipeline;
    private final Transport transport;
    private final ByteBufAllocator allocator;
    private final ReloadingSslContext tls;
    private final Map<String, CompletableFuture<NettyConnection>> connections = new ConcurrentHashMap<>();
    private volatile Bootstrap bootstrap;
    private volatile OutboundRequestHook outboundHook;
    private EventLoopGroup ioGroup;
    private boolean closed;

    public RemotingClient(String name, RemotingClientConfig config, Clock clock) {
        this(name, config, clock, null);
    }

    /** @param allocator buffer allocator for connections; null picks one from the configuration */
    public RemotingClient(String name, RemotingClientConfig config, Clock clock, ByteBufAllocator allocator) {
        this.name = name;
        this.config = config;
        this.tls = config.useTls() ? clientTls(name, config) : null;
        this.endpoint = new EndpointContext(name, clock, new InFlightLimits(config.asyncSemaphoreValue(),
            RemotingClientConfig.CLIENT_ASYNC_SEMAPHORE_VALUE.name(), config.onewaySemaphoreValue(),
            RemotingClientConfig.CLIENT_ONEWAY_SEMAPHORE_VALUE.name()), config.callbackExecutorThreads(),
            RemotingClientConfig.CLIENT_CALLBACK_EXECUTOR_THREADS.name());
        this.pipeline = new ConnectionPipeline(endpoint, processors, config.frameMaxLength(),
            config.channelMaxIdleTimeSeconds(), null, tls, handshakeTimeoutMillis(config));
        int check = config.get(TlsConfig.TLS_FILE_CHECK_INTERVAL_MILLIS);
        if (tls != null && check > 0) {
            endpoint.schedule(tls::checkForChanges, check);
        }
        this.transport = Transport.select(config.useEpollNativeSelector());
        this.allocator = ConnectionPipeline.allocator(allocator, config.pooledByteBufAllocatorEnable());
    }

    private static ReloadingSslContext clientTls(String name, RemotingClientConfig config) {
        try {
            return ReloadingSslContext.forClient(name, config.values());
        } catch (TlsSetupException e) {
            throw new IllegalStateException("remoting client " + name + " cannot use TLS: " + e.getMessage(), e);
        }
    }

    /**
     * How long a TLS handshake may take: Netty's 10 s, or {@code connectTimeoutMillis} when longer (a server in test
     * mode may first have to make its certificate).
     */
    static long handshakeTimeoutMillis(RemotingClientConfig config) {
        return Math.max(10_000L, config.connectTimeoutMillis());
    }

    /** Whether this client's connections use TLS. */
    public boolean usesTls() {
        return tls != null;
    }

    /** Serves a server-initiated request code; the client owns {@code executor} from now on. */
    public void registerProcessor(int requestCode, RequestProcessor processor, ProcessorExecutor executor) {
        processors.register(requestCode, processor, executor);
    }

    /** Serves a server-initiated request code on the callback threads. */
    public void registerProcessor(int requestCode, RequestProcessor processor) {
        processors.register(requestCode, processor, endpoint.callbacks);
    }

    /**
     * Sets the hook that rewrites every request this client sends (signing with credentials); set it before
     * {@link #start()}. Requests sent on a {@link Connection} directly are not rewritten.
     */
    public void setOutboundHook(OutboundRequestHook hook) {
        this.outboundHook = hook;
    }

    private RemotingCommand outbound(String address, RemotingCommand request) {
        OutboundRequestHook hook = outboundHook;
        return hook == null ? request : hook.beforeSend(address, request);
    }

    public void addConnectionListener(ConnectionListener listener) {
        endpoint.addListener(listener);
    }

    public synchronized void start() {
        if (bootstrap != null) {
            throw new IllegalStateException("remoting client " + name + " is already started");
        }
        processors.freeze();
        ioGroup = transport.newGroup(config.workerThreads(), "petrel-" + name + "-io");
        Bootstrap b = new Bootstrap()
            .group(ioGroup)
            .channel(transport.socketChannel)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.SO_KEEPALIVE, false)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis())
            .option(ChannelOption.ALLOCATOR, allocator)
            .handler(new ChannelInitializer<SocketChannel>() {
                @Override
                protected void initChannel(SocketChannel ch) {
                    ch.attr(CONNECTION).set(pipeline.install(ch));
                }
            });
        if (config.socketSndBufSize() > 0) {
            b.option(ChannelOption.SO_SNDBUF, config.socketSndBufSize());
        }
        if (config.socketRcvBufSize() > 0) {
            b.option(ChannelOption.SO_RCVBUF, config.socketRcvBufSize());
        }
        bootstrap = b;
        LOG.info("remoting client {} started ({}, {} I/O threads, TLS {})", name, transport.name,
            config.workerThreads(), tls == null ? "off" : "on");
    }

    /**
     * The connection to {@code address}, connecting first if there is none (or the last one closed).
     *
     * @throws RemotingConnectException the address is malformed, refused, unreachable or slower than
     *                                  {@code connectTimeoutMillis}
     */
    public Connection connect(String address) throws RemotingException, InterruptedException {
        return await(address, connection(address));
    }

    /** Sends {@code request} to {@code address} and waits for the response; connecting counts against the timeout. */
    public RemotingCommand invokeSync(String address, RemotingCommand request, long timeoutMillis)
        throws RemotingException, InterruptedException {
        long start = endpoint.clock.nanos();
        NettyConnection connection = await(address, connection(address));
        long left = timeoutMillis - TimeUnit.NANOSECONDS.toMillis(endpoint.clock.nanos() - start);
        if (left <= 0) {
            endpoint.metrics.timeouts.increment();
            throw new RemotingTimeoutException("timed out after " + timeoutMillis + " ms connecting to " + address
                + " before sending " + EndpointContext.describe(request.code()));
        }
        return connection.invokeSync(outbound(address, request), left, timeoutMillis);
    }

    /**
     * Sends {@code request} to {@code address}; the future completes with the response or a
     * {@link RemotingException}, on a callback thread. Connecting does not block the caller.
     */
    public CompletableFuture<RemotingCommand> invokeAsync(String address, RemotingCommand original, long timeoutMillis) {
        RemotingCommand request = outbound(address, original);
        CompletableFuture<NettyConnection> pending;
        try {
            endpoint.ensureOpen();
            pending = connection(address);
        } catch (RemotingException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (pending.isDone() && !pending.isCompletedExceptionally()) {
            return pending.join().invokeAsync(request, timeoutMillis);
        }
        // Not connected yet, or the attempt already failed (an address that does not parse fails at once, and a
        // refused connect can fail before this line): the failure goes into the returned future, never thrown.
        long start = endpoint.clock.nanos();
        CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
        pending.whenCompleteAsync((connection, error) -> {
            if (error != null) {
                result.completeExceptionally(unwrap(error));
                return;
            }
            long left = timeoutMillis - TimeUnit.NANOSECONDS.toMillis(endpoint.clock.nanos() - start);
            connection.invokeAsync(request, Math.max(1, left), timeoutMillis).whenComplete((response, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(unwrap(failure));
                } else {
                    result.complete(response);
                }
            });
        }, endpoint.callbacks.orCallerRuns(endpoint.clock::nanos));
        return result;
    }

    /** Sends {@code request} oneway to {@code address}; returns once it is queued for writing. */
    public void invokeOneway(String address, RemotingCommand request, long timeoutMillis)
        throws RemotingException, InterruptedException {
        await(address, connection(address)).invokeOneway(outbound(address, request), timeoutMillis);
    }

    /** {@link Connection#invokeOneways}: several oneway requests to {@code address}, written and flushed together. */
    public void invokeOneways(String address, List<RemotingCommand> requests, long timeoutMillis)
        throws RemotingException, InterruptedException {
        List<RemotingCommand> out = new ArrayList<>(requests.size());
        for (RemotingCommand r : requests) {
            out.add(outbound(address, r));
        }
        await(address, connection(address)).invokeOneways(out, timeoutMillis);
    }

    /** Closes the connection to {@code address}, if any; the next call connects again. */
    public void closeConnection(String address) {
        CompletableFuture<NettyConnection> f = connections.remove(address);
        if (f != null) {
            f.thenAccept(NettyConnection::close);
        }
    }

    /** The open connections at this moment. */
    public List<Connection> connections() {
        return List.copyOf(endpoint.connections);
    }

    public RemotingMetrics metrics() {
        return endpoint.metrics;
    }

    public String transportName() {
        return transport.name;
    }

    /** Closes every connection (waiting calls fail with {@link RemotingClosedException}) and stops all threads. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (CompletableFuture<NettyConnection> f : connections.values()) {
            f.thenAccept(NettyConnection::close);
        }
        connections.clear();
        for (NettyConnection c : endpoint.connections) {
            c.channel().close();
        }
        if (ioGroup != null) {
            ioGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        }
        endpoint.close();
        for (ProcessorExecutor executor : processors.executors()) {
            executor.shutdown(5_000);
        }
        LOG.info("remoting client {} closed; {}", name, endpoint.metrics);
    }

    /** The cached connection future for {@code address}, starting a connection attempt when needed. */
    private CompletableFuture<NettyConnection> connection(String address) throws RemotingException {
        endpoint.ensureOpen();
        Bootstrap b = bootstrap;
        if (b == null) {
            throw new IllegalStateException("remoting client " + name + " is not started");
        }
        while (true) {
            CompletableFuture<NettyConnection> existing = connections.get(address);
            if (existing != null) {
                NettyConnection c = existing.isDone() && !existing.isCompletedExceptionally() ? existing.getNow(null) : null;
                if (!existing.isDone() || (c != null && c.isActive())) {
                    return existing;
                }
                connections.remove(address, existing);
                continue;
            }
            CompletableFuture<NettyConnection> created = new CompletableFuture<>();
            if (connections.putIfAbsent(address, created) == null) {
                startConnect(b, address, created);
                return created;
            }
        }
    }

    private void startConnect(Bootstrap b, String address, CompletableFuture<NettyConnection> result) {
        PeerAddress peer = PeerAddress.parseOrNull(address);
        if (peer == null) {
            connections.remove(address, result);
            result.completeExceptionally(new RemotingConnectException("connect failed to '" + address
                + "': not a host:port address", null));
            return;
        }
        b.connect(peer.host(), peer.port()).addListener((ChannelFuture f) -> {
            if (f.isSuccess()) {
                Channel ch = f.channel();
                // Forget the connection the moment it closes, so the next call reconnects.
                ch.closeFuture().addListener(closed -> connections.remove(address, result));
                SslHandler ssl = ch.pipeline().get(SslHandler.class);
                if (ssl == null) {
                    result.complete(ch.attr(CONNECTION).get());
                    return;
                }
                ssl.handshakeFuture().addListener(handshake -> {
                    if (handshake.isSuccess()) {
                        result.complete(ch.attr(CONNECTION).get());
                    } else {
                        connections.remove(address, result);
                        ch.close();
                        result.completeExceptionally(new RemotingConnectException("connect failed to " + address
                            + ": TLS handshake failed: " + TlsFailures.describe(handshake.cause()),
                            handshake.cause()));
                    }
                });
            } else {
                connections.remove(address, result);
                result.completeExceptionally(new RemotingConnectException("connect failed to " + address + ": "
                    + f.cause(), f.cause()));
            }
        });
    }

    private NettyConnection await(String address, CompletableFuture<NettyConnection> pending)
        throws RemotingException, InterruptedException {
        try {
            // Netty fails the attempt after connectTimeoutMillis (and a TLS handshake after its own timeout); the
            // margin only guards against a lost callback.
            long budget = config.connectTimeoutMillis() + (tls == null ? 0 : handshakeTimeoutMillis(config));
            return pending.get(budget + 1_000L, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw asRemotingException(e.getCause());
        } catch (TimeoutException e) {
            connections.remove(address, pending);
            throw new RemotingConnectException("connect failed to " + address + ": no connection after "
                + config.connectTimeoutMillis() + " ms" + (tls == null ? "" : " (plus the TLS handshake)"), e);
        }
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private static RemotingException asRemotingException(Throwable cause) {
        return cause instanceof RemotingException re ? re : new RemotingConnectException("connect failed: " + cause, cause);
    }
}
