package dev.petrel.namesrv;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.route.RemovedBroker;
import dev.petrel.namesrv.route.RouteRegistry;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameServer's single writer: the thread {@code petrel-namesrv-writer} owns every change to the
 * {@link RouteRegistry} and the KV config. Request processors and connection events hand it commands through a queue
 * and get a future; the loop runs them one after another, and between commands scans for silent brokers every
 * {@code scanNotActiveBrokerInterval}.
 *
 * <p>Requests are bounded: at most {@code defaultThreadPoolQueueCapacity} commands from requests may wait (a full
 * queue refuses the next one, which the processor answers SYSTEM_BUSY), and at most
 * {@code unRegisterBrokerQueueCapacity} of them may be unregistrations (RocketMQ's separate unregistration queue).
 * Internal commands (a closed connection) are never refused, so no broker departure is lost.
 */
public final class NamesrvWriterLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(NamesrvWriterLoop.class);
    static final String THREAD_NAME = "petrel-namesrv-writer";

    /** Why a command was not queued. */
    public static final class QueueFullException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        QueueFullException(String message) {
            super(message, null, false, false);
        }
    }

    private final RouteRegistry registry;
    private final NamesrvConfig config;
    private final Clock clock;
    private final Consumer<Object> closeConnection;
    private final BlockingQueue<Runnable> queue = new LinkedBlockingQueue<>();
    private final AtomicInteger pendingRequests = new AtomicInteger();
    private final AtomicInteger pendingUnregistrations = new AtomicInteger();
    private final int requestCapacity;
    private long lastScanNanos;
    private volatile boolean stopping;
    private volatile long scans;

    /**
     * @param closeConnection closes a connection handle of a broker dropped for silence
     */
    public NamesrvWriterLoop(RouteRegistry registry, NamesrvConfig config, Clock clock, Consumer<Object> closeConnection) {
        super(THREAD_NAME);
        this.registry = registry;
        this.config = config;
        this.clock = clock;
        this.closeConnection = closeConnection;
        this.requestCapacity = config.get(NamesrvConfig.DEFAULT_THREAD_POOL_QUEUE_CAPACITY);
        this.lastScanNanos = clock.nanos();
    }

    /**
     * Queues a command from a request; the future completes on the writer thread with its result or exception.
     *
     * @throws QueueFullException when {@code defaultThreadPoolQueueCapacity} commands are already waiting
     */
    public <R> CompletableFuture<R> submit(Callable<R> command) {
        return enqueue(command, false);
    }

    /** Like {@link #submit}, also bounded by {@code unRegisterBrokerQueueCapacity}. */
    public <R> CompletableFuture<R> submitUnregistration(Callable<R> command) {
        return enqueue(command, true);
    }

    /** Queues an internal command; never refused. */
    public void submitInternal(Runnable command) {
        queue.add(() -> {
            try {
                command.run();
            } catch (RuntimeException e) {
                LOG.error("route writer command failed", e);
            }
        });
    }

    private <R> CompletableFuture<R> enqueue(Callable<R> command, boolean unregistration) {
        if (pendingRequests.incrementAndGet() > requestCapacity) {
            pendingRequests.decrementAndGet();
            throw new QueueFullException("[OVERLOAD]system busy, start flow control for a while; the NameServer's "
                + "route writer has " + requestCapacity + " changes queued (its capacity); retry later or raise "
                + NamesrvConfig.DEFAULT_THREAD_POOL_QUEUE_CAPACITY.name());
        }
        if (unregistration) {
            int capacity = config.unRegisterBrokerQueueCapacity();
            if (pendingUnregistrations.incrementAndGet() > capacity) {
                pendingUnregistrations.decrementAndGet();
                pendingRequests.decrementAndGet();
                throw new QueueFullException(capacity + " broker unregistrations are already waiting (the capacity "
                    + "set by " + NamesrvConfig.UN_REGISTER_BROKER_QUEUE_CAPACITY.name() + "); retry later");
            }
        }
        CompletableFuture<R> future = new CompletableFuture<>();
        queue.add(() -> {
            pendingRequests.decrementAndGet();
            if (unregistration) {
                pendingUnregistrations.decrementAndGet();
            }
            try {
                future.complete(command.call());
            } catch (Exception | Error e) {
                future.completeExceptionally(e);
            }
        });
        return future;
    }

    @Override
    public void run() {
        while (isRunning() && !stopping) {
            long intervalMillis = config.scanNotActiveBrokerIntervalMillis();
            try {
                Runnable command = queue.poll(intervalMillis, TimeUnit.MILLISECONDS);
                if (command != null) {
                    command.run();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = clock.nanos();
            if (now - lastScanNanos >= TimeUnit.MILLISECONDS.toNanos(intervalMillis)) {
                lastScanNanos = now;
                scan();
            }
        }
        // Fail what is still queued rather than leave callers waiting.
        for (Runnable command; (command = queue.poll()) != null; ) {
            command.run();
        }
    }

    private void scan() {
        scans++;
        try {
            List<RemovedBroker> removed = registry.expireSilentBrokers();
            for (RemovedBroker broker : removed) {
                LOG.warn("broker {} {} dropped: {}", broker.key(), broker.brokerName() == null ? "" : broker.brokerName(),
                    broker.reason());
                if (broker.connection() != null) {
                    closeConnection.accept(broker.connection());
                }
            }
        } catch (RuntimeException e) {
            LOG.error("scan for silent brokers failed; next scan in {} ms", config.scanNotActiveBrokerIntervalMillis(), e);
        }
    }

    /** Scans run so far (for tests and metrics). */
    long scans() {
        return scans;
    }

    /** Wakes the loop (a queued no-op ends its wait). */
    @Override
    public void wake() {
        queue.add(() -> { });
    }

    /** Stops the thread after the command it is running; queued commands still run before it ends. */
    public void stop() {
        stopping = true;
        try {
            wake();
            stopThread();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
