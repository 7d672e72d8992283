package dev.petrel.remoting;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the connections of one server or client share: time, counters, in-flight limits, the opaque sequence,
 * listeners and the helper threads. Created by {@link RemotingServer} or {@link RemotingClient}, which own it.
 *
 * <p>Threads owned here:
 * <ul>
 *   <li>{@code petrel-<name>-events}: delivers {@link ConnectionListener} events, one at a time, in order;</li>
 *   <li>{@code petrel-<name>-timer}: every {@link #SWEEP_INTERVAL_MILLIS} ms fails calls whose deadline passed, and
 *       runs the {@linkplain #schedule scheduled} checks (the TLS files);</li>
 *   <li>{@code petrel-<name>-callback-N}: completes async calls for their callers (and runs processors registered
 *       without an executor).</li>
 * </ul>
 */
final class EndpointContext {

    private static final Logger LOG = LoggerFactory.getLogger(EndpointContext.class);

    /** Precision of async-call timeouts; sync calls time out exactly, on the waiting thread. */
    static final long SWEEP_INTERVAL_MILLIS = 50;

    final String name;
    final Clock clock;
    final RemotingMetrics metrics = new RemotingMetrics();
    final InFlightLimits limits;
    final ProcessorExecutor callbacks;
    final DistinctErrorLog errorLog = new DistinctErrorLog(LoggerFactory.getLogger(RequestDispatcher.class));
    final Set<NettyConnection> connections = ConcurrentHashMap.newKeySet();
    /** Bad frames are logged, but a flood of them must not flood the log. */
    final LogBudget badFrameLog = new LogBudget(10);

    private final AtomicInteger opaques = new AtomicInteger();
    private final List<ConnectionListener> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService events;
    private final ScheduledExecutorService timer;
    private volatile boolean closed;

    EndpointContext(String name, Clock clock, InFlightLimits limits, int callbackThreads, String callbackProperty) {
        this.name = name;
        this.clock = clock;
        this.limits = limits;
        this.callbacks = new ProcessorExecutor(name + "-callback", callbackThreads, 65_536, callbackProperty);
        this.events = Executors.newSingleThreadExecutor(new NamedThreadFactory("petrel-" + name + "-events", true));
        this.timer = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("petrel-" + name + "-timer", true));
        timer.scheduleWithFixedDelay(this::expireCalls, SWEEP_INTERVAL_MILLIS, SWEEP_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Runs {@code task} on the timer thread every {@code periodMillis}; it must be quick and must not throw. */
    void schedule(Runnable task, long periodMillis) {
        timer.scheduleWithFixedDelay(task, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    int nextOpaque() {
        return opaques.incrementAndGet();
    }

    void ensureOpen() throws RemotingClosedException {
        if (closed) {
            throw new RemotingClosedException("remoting " + name + " is shut down");
        }
    }

    boolean isClosed() {
        return closed;
    }

    void addListener(ConnectionListener listener) {
        listeners.add(listener);
    }

    void fireConnected(NettyConnection c) {
        fire(c, "connected", l -> l.connected(c));
    }

    void fireClosed(NettyConnection c) {
        fire(c, "closed", l -> l.closed(c));
    }

    void fireIdle(NettyConnection c) {
        fire(c, "idle", l -> l.idle(c));
    }

    void fireException(NettyConnection c, Throwable cause) {
        fire(c, "exception", l -> l.exception(c, cause));
    }

    private void fire(NettyConnection c, String event, Consumer<ConnectionListener> call) {
        if (listeners.isEmpty()) {
            return;
        }
        try {
            events.execute(() -> {
                for (ConnectionListener l : listeners) {
                    try {
                        call.accept(l);
                    } catch (RuntimeException e) {
                        // A listener bug must not stop other listeners from hearing about connections.
                        errorLog.record("connection listener " + l + " failed on " + event + " of " + c, e);
                    }
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException shutDown) {
            LOG.debug("{}: dropped {} event of {} during shutdown", name, event, c);
        }
    }

    /** A future that completes like {@code source}, on a callback thread (or here if they are saturated). */
    CompletableFuture<RemotingCommand> onCallbackThread(CompletableFuture<RemotingCommand> source) {
        CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
        source.whenComplete((response, error) -> {
            Runnable completion = () -> {
                if (error != null) {
                    result.completeExceptionally(error);
                } else {
                    result.complete(response);
                }
            };
            if (!callbacks.tryExecute(completion, clock.nanos())) {
                completion.run();
            }
        });
        return result;
    }

    RemotingTimeoutException timeoutError(NettyConnection c, ResponseTable.PendingCall call) {
        metrics.timeouts.increment();
        return new RemotingTimeoutException("timed out after " + call.timeoutMillis() + " ms waiting for "
            + describe(call.code()) + " from " + c.remoteAddress());
    }

    static String describe(int requestCode) {
        return RequestCode.name(requestCode) + " (" + requestCode + ")";
    }

    private void expireCalls() {
        long now = clock.nanos();
        for (NettyConnection c : connections) {
            c.responses().expire(now, call -> timeoutError(c, call));
        }
    }

    /** Stops the helper threads and fails every call still waiting. Connections are closed by the owner first. */
    void close() {
        closed = true;
        for (NettyConnection c : connections) {
            c.responses().failAll(call -> new RemotingClosedException("remoting " + name + " shut down while "
                + describe(call.code()) + " to " + c.remoteAddress() + " waited for its response"));
        }
        timer.shutdownNow();
        events.shutdown();
        try {
            if (!events.awaitTermination(2, TimeUnit.SECONDS)) {
                events.shutdownNow();
            }
        } catch (InterruptedException e) {
            events.shutdownNow();
            Thread.currentThread().interrupt();
        }
        callbacks.shutdown(2_000);
    }
}
