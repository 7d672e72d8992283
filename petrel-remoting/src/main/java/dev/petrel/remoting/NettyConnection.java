package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link Connection} over one Netty channel. Requests written here get an opaque from the endpoint's sequence and
 * wait in this connection's {@link ResponseTable}; the channel's {@link ConnectionHandler} completes them.
 *
 * <p>Threads: any thread writes requests and responses (Netty hands the write to the channel's event loop); the
 * addresses are set by the event loop when the channel becomes active and are volatile for the other readers; the
 * response table is thread-safe.
 */
final class NettyConnection implements Connection {

    private static final Logger LOG = LoggerFactory.getLogger(NettyConnection.class);
    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final Channel channel;
    private final EndpointContext endpoint;
    private final ResponseTable responses = new ResponseTable();
    private volatile String remoteAddress;
    private volatile String localAddress;

    NettyConnection(Channel channel, EndpointContext endpoint) {
        this.channel = channel;
        this.endpoint = endpoint;
    }

    ResponseTable responses() {
        return responses;
    }

    Channel channel() {
        return channel;
    }

    @Override
    public long id() {
        return id;
    }

    @Override
    public String remoteAddress() {
        String a = remoteAddress;
        if (a == null) {
            a = format(channel.remoteAddress());
            if (channel.remoteAddress() != null) {
                remoteAddress = a;
            }
        }
        return a;
    }

    @Override
    public String localAddress() {
        String a = localAddress;
        if (a == null) {
            a = format(channel.localAddress());
            if (channel.localAddress() != null) {
                localAddress = a;
            }
        }
        return a;
    }

    static String format(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            String host = inet.getAddress() == null ? inet.getHostString() : inet.getAddress().getHostAddress();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        return String.valueOf(address);
    }

    @Override
    public boolean isActive() {
        return channel.isActive();
    }

    @Override
    public RemotingCommand invokeSync(RemotingCommand request, long timeoutMillis)
        throws RemotingException, InterruptedException {
        return invokeSync(request, timeoutMillis, timeoutMillis);
    }

    /**
     * @param statedTimeoutMillis the caller's whole timeout, for messages; {@code timeoutMillis} is what is left of
     *                            it after connecting
     */
    RemotingCommand invokeSync(RemotingCommand request, long timeoutMillis, long statedTimeoutMillis)
        throws RemotingException, InterruptedException {
        endpoint.ensureOpen();
        ResponseTable.PendingCall call = send(request, timeoutMillis, statedTimeoutMillis);
        try {
            return call.future().get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            responses.fail(call.opaque(), expired -> endpoint.timeoutError(this, expired));
            return outcome(call.future());
        } catch (InterruptedException e) {
            responses.fail(call.opaque(), new RemotingSendException("interrupted while waiting for "
                + EndpointContext.describe(call.code()) + " from " + remoteAddress(), e));
            throw e;
        } catch (ExecutionException e) {
            throw unwrap(e);
        }
    }

    @Override
    public CompletableFuture<RemotingCommand> invokeAsync(RemotingCommand request, long timeoutMillis) {
        return invokeAsync(request, timeoutMillis, timeoutMillis);
    }

    /** Like {@link #invokeSync(RemotingCommand, long, long)}: {@code timeoutMillis} may be what is left of the stated one. */
    CompletableFuture<RemotingCommand> invokeAsync(RemotingCommand request, long timeoutMillis, long statedTimeoutMillis) {
        long start = endpoint.clock.nanos();
        try {
            endpoint.ensureOpen();
            checkRequest(request);
            endpoint.limits.acquireAsync(timeoutMillis, statedTimeoutMillis, describeCall(request));
        } catch (RemotingException e) {
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(new RemotingSendException("interrupted while waiting for an async "
                + "permit for " + describeCall(request), e));
        }
        long left = timeoutMillis - TimeUnit.NANOSECONDS.toMillis(endpoint.clock.nanos() - start);
        ResponseTable.PendingCall call;
        try {
            call = send(request, Math.max(1, left), statedTimeoutMillis);
        } catch (RuntimeException e) {
            endpoint.limits.releaseAsync();
            throw e;
        }
        call.future().whenComplete((r, e) -> endpoint.limits.releaseAsync());
        return endpoint.onCallbackThread(call.future());
    }

    @Override
    public void invokeOneway(RemotingCommand request, long timeoutMillis) throws RemotingException, InterruptedException {
        endpoint.ensureOpen();
        checkRequest(request);
        if (!channel.isActive()) {
            throw new RemotingSendException("cannot send " + describeCall(request) + ": the connection is closed", null);
        }
        endpoint.limits.acquireOneway(timeoutMillis, timeoutMillis, describeCall(request));
        RemotingCommand oneway = request.asOneway().withOpaque(endpoint.nextOpaque());
        channel.writeAndFlush(oneway).addListener((ChannelFuture f) -> {
            endpoint.limits.releaseOneway();
            if (!f.isSuccess()) {
                endpoint.metrics.sendFailures.increment();
                LOG.debug("oneway {} to {} was not sent: {}", EndpointContext.describe(request.code()), remoteAddress(),
                    f.cause().toString());
            }
        });
    }

    /**
     * Writes the requests in one task on the channel's I/O thread and flushes once. When the oneway permits run out
     * part-way, what holds permits is written first (its permits come back once written) and the rest waits for them,
     * up to {@code timeoutMillis} per request as {@link #invokeOneway} does.
     */
    @Override
    public void invokeOneways(List<RemotingCommand> requests, long timeoutMillis)
        throws RemotingException, InterruptedException {
        endpoint.ensureOpen();
        for (RemotingCommand r : requests) {
            checkRequest(r);
        }
        List<RemotingCommand> chunk = new ArrayList<>(requests.size());
        for (RemotingCommand r : requests) {
            if (!channel.isActive()) {
                writeOneways(chunk);
                throw new RemotingSendException("cannot send " + describeCall(r) + ": the connection is closed", null);
            }
            if (!endpoint.limits.tryAcquireOneway()) {
                writeOneways(chunk);
                chunk = new ArrayList<>(requests.size());
                endpoint.limits.acquireOneway(timeoutMillis, timeoutMillis, describeCall(r));
            }
            chunk.add(r.asOneway().withOpaque(endpoint.nextOpaque()));
        }
        writeOneways(chunk);
    }

    /** Writes oneway requests that hold their permits, with one flush; each permit returns once its frame is written. */
    private void writeOneways(List<RemotingCommand> stamped) throws RemotingSendException {
        if (stamped.isEmpty()) {
            return;
        }
        ChannelFutureListener written = f -> {
            endpoint.limits.releaseOneway();
            if (!f.isSuccess()) {
                endpoint.metrics.sendFailures.increment();
                LOG.debug("oneway to {} was not sent: {}", remoteAddress(), f.cause().toString());
            }
        };
        Runnable writeAll = () -> {
            for (RemotingCommand c : stamped) {
                channel.write(c).addListener(written);
            }
            channel.flush();
        };
        if (channel.eventLoop().inEventLoop()) {
            writeAll.run();
            return;
        }
        try {
            channel.eventLoop().execute(writeAll);
        } catch (RejectedExecutionException e) {
            for (int i = 0; i < stamped.size(); i++) {
                endpoint.limits.releaseOneway();
            }
            throw new RemotingSendException("cannot send " + stamped.size() + " oneway requests to " + remoteAddress()
                + ": its I/O thread has stopped", e);
        }
    }

    /** Registers and writes a request that expects a response. */
    private ResponseTable.PendingCall send(RemotingCommand request, long timeoutMillis, long statedTimeoutMillis) {
        checkRequest(request);
        if (request.isOneway()) {
            throw new IllegalArgumentException("a oneway request gets no response; send it with invokeOneway: " + request);
        }
        int opaque = endpoint.nextOpaque();
        ResponseTable.PendingCall call = responses.register(opaque, request.code(), endpoint.clock.nanos(), timeoutMillis,
            statedTimeoutMillis);
        if (!channel.isActive()) {
            responses.fail(opaque, new RemotingSendException("cannot send " + describeCall(request)
                + ": the connection is closed", null));
            return call;
        }
        channel.writeAndFlush(request.withOpaque(opaque)).addListener((ChannelFuture f) -> {
            if (!f.isSuccess()) {
                endpoint.metrics.sendFailures.increment();
                responses.fail(opaque, new RemotingSendException("send " + describeCall(request) + " failed: "
                    + f.cause(), f.cause()));
            }
        });
        return call;
    }

    /** Writes a response; false when the connection is already gone. */
    boolean writeResponse(RemotingCommand response) {
        if (!channel.isActive() || endpoint.isClosed()) {
            endpoint.metrics.sendFailures.increment();
            LOG.debug("response {} to {} dropped: connection closed", response.code(), remoteAddress());
            return false;
        }
        channel.writeAndFlush(response).addListener((ChannelFuture f) -> {
            if (!f.isSuccess()) {
                endpoint.metrics.sendFailures.increment();
                LOG.debug("response {} to {} was not written: {}", response.code(), remoteAddress(), f.cause().toString());
            }
        });
        return true;
    }

    /** Writes a response whose body goes from {@code body}'s buffers to the socket; releases {@code body} in any case. */
    boolean writeResponse(RemotingCommand response, ZeroCopyBody body) {
        if (!channel.isActive() || endpoint.isClosed()) {
            body.release();
            endpoint.metrics.sendFailures.increment();
            return false;
        }
        channel.writeAndFlush(new ZeroCopyFrame(response, body)).addListener((ChannelFuture f) -> {
            body.release();
            if (!f.isSuccess()) {
                endpoint.metrics.sendFailures.increment();
                LOG.debug("zero-copy response {} to {} was not written: {}", response.code(), remoteAddress(),
                    f.cause().toString());
            }
        });
        return true;
    }

    /** Called once by the channel's handler when the channel became inactive. */
    void onClosed() {
        responses.failAll(call -> new RemotingSendException("connection to " + remoteAddress() + " closed before the "
            + "response to " + EndpointContext.describe(call.code()) + " arrived", null));
    }

    @Override
    public void close() {
        channel.close();
    }

    private static void checkRequest(RemotingCommand request) {
        if (request.isResponse()) {
            throw new IllegalArgumentException("a response cannot be sent as a request: " + request);
        }
    }

    private String describeCall(RemotingCommand request) {
        return EndpointContext.describe(request.code()) + " to " + remoteAddress();
    }

    private static RemotingCommand outcome(CompletableFuture<RemotingCommand> future) throws RemotingException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw unwrap(e);
        } catch (InterruptedException e) {
            // The future is already complete, so get() cannot block; keep the flag for the caller.
            Thread.currentThread().interrupt();
            throw new RemotingSendException("interrupted", e);
        }
    }

    private static RemotingException unwrap(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RemotingException re) {
            return re;
        }
        return new RemotingSendException("call failed: " + cause, cause);
    }

    @Override
    public String toString() {
        return "Connection#" + id + "[" + remoteAddress() + (channel.isActive() ? "" : ", closed") + "]";
    }
}
