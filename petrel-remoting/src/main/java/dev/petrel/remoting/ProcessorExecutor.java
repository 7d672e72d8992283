package dev.petrel.remoting;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The threads of one processor group (sends, pulls, admin, ...) with a bounded queue. When the queue is full the
 * server answers SYSTEM_BUSY with {@link #overloadRemark()}, which names this pool, its capacity and the property
 * that sizes it, instead of queueing without limit.
 *
 * <p>Threads are named {@code petrel-<name>-N}. The server or client a group is registered with shuts it down when
 * it closes; registering one group for several codes is the normal case.
 *
 * <p>Every queued task carries the monotonic time it was queued at, so {@link #headWaitMillis} can say how long the
 * oldest waiting task has waited (RocketMQ's {@code *ThreadPoolQueueHeadWaitTimeMills}). Threading: any thread may
 * queue work and read the figures; the {@link ThreadPoolExecutor} and its {@link LinkedBlockingQueue} are the only
 * shared state, both thread-safe.
 */
public final class ProcessorExecutor implements AutoCloseable {

    /** RocketMQ's text, kept as the prefix because tools and people search for it. */
    static final String OVERLOAD_PREFIX = "[OVERLOAD]system busy, start flow control for a while";

    private final String name;
    private final int threads;
    private final int queueCapacity;
    private final String capacityProperty;
    /** Null for a group that runs on the I/O thread ({@link #onIoThread}). */
    private final ThreadPoolExecutor pool;
    private volatile boolean shutDownDirect;

    /**
     * @param name             the group's name, e.g. {@code SendMessageThread}
     * @param threads          worker threads
     * @param queueCapacity    tasks that may wait; more are refused
     * @param capacityProperty the configuration property that sets the capacity, named in the busy remark
     */
    public ProcessorExecutor(String name, int threads, int queueCapacity, String capacityProperty) {
        if (threads < 1 || queueCapacity < 1) {
            throw new IllegalArgumentException("processor group " + name + " needs at least one thread and one queue slot, got "
                + threads + " threads and capacity " + queueCapacity);
        }
        this.name = name;
        this.threads = threads;
        this.queueCapacity = queueCapacity;
        this.capacityProperty = capacityProperty;
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(queueCapacity),
            new NamedThreadFactory("petrel-" + name, true), (task, executor) -> {
                throw QueueFull.INSTANCE;
            });
        this.pool.prestartAllCoreThreads();
    }

    private ProcessorExecutor(String name) {
        this.name = name;
        this.threads = 0;
        this.queueCapacity = 0;
        this.capacityProperty = null;
        this.pool = null;
    }

    /**
     * A group with no threads of its own: its processors run on the I/O thread that read the request, saving the
     * hand-off to a pool and back. Only for processors that never block and cost little (decode, then hand the
     * result to a queue): while one runs, that I/O thread reads nothing else. Nothing queues, so nothing is refused.
     */
    public static ProcessorExecutor onIoThread(String name) {
        return new ProcessorExecutor(name);
    }

    /**
     * Queues {@code task}, stamped with {@code queuedAtNanos} (the caller's clock); false when the queue is full or the
     * group is shut down.
     */
    boolean tryExecute(Runnable task, long queuedAtNanos) {
        if (pool == null) {
            task.run();
            return true;
        }
        try {
            pool.execute(new QueuedTask(task, queuedAtNanos));
            return true;
        } catch (RejectedExecutionException full) {
            return false;
        }
    }

    /** An executor view that runs a task on the caller's thread when the queue is full (for internal hand-offs). */
    java.util.concurrent.Executor orCallerRuns(LongSupplier nanos) {
        return task -> {
            if (!tryExecute(task, nanos.getAsLong())) {
                task.run();
            }
        };
    }

    /**
     * How long the oldest task still waiting in the queue has waited, in ms at {@code nowNanos} (same clock as the
     * stamps); 0 when nothing waits. A moment's view: the head may be taken by a thread right after.
     */
    public long headWaitMillis(long nowNanos) {
        if (pool == null) {
            return 0;
        }
        Runnable head = pool.getQueue().peek();
        if (!(head instanceof QueuedTask queued)) {
            return 0;
        }
        return Math.max(0, TimeUnit.NANOSECONDS.toMillis(nowNanos - queued.queuedAtNanos));
    }

    public String name() {
        return name;
    }

    public int threads() {
        return threads;
    }

    public int queueCapacity() {
        return queueCapacity;
    }

    /** Tasks waiting now (a moment's view). */
    public int queued() {
        return pool == null ? 0 : pool.getQueue().size();
    }

    /** The SYSTEM_BUSY remark: RocketMQ's prefix, then what is full and what to tune. */
    public String overloadRemark() {
        return OVERLOAD_PREFIX + "; processor pool " + name + " has " + queueCapacity + " requests queued (its capacity); "
            + "retry later or raise " + capacityProperty;
    }

    /** Stops taking work, lets queued tasks finish for up to {@code timeoutMillis}, then interrupts the rest. */
    public void shutdown(long timeoutMillis) {
        if (pool == null) {
            shutDownDirect = true;
            return;
        }
        pool.shutdown();
        try {
            if (!pool.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)) {
                pool.shutdownNow();
            }
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        shutdown(5_000);
    }

    public boolean isShutdown() {
        return pool == null ? shutDownDirect : pool.isShutdown();
    }

    @Override
    public String toString() {
        if (pool == null) {
            return "ProcessorExecutor[" + name + ", on the I/O thread]";
        }
        return "ProcessorExecutor[" + name + ", " + threads + " threads, capacity " + queueCapacity + "]";
    }

    /** A task and the time it was queued. */
    private record QueuedTask(Runnable task, long queuedAtNanos) implements Runnable {
        @Override
        public void run() {
            task.run();
        }
    }

    /** Thrown by the rejection handler; shared and without a stack trace, since overload must stay cheap. */
    private static final class QueueFull extends RejectedExecutionException {
        private static final long serialVersionUID = 1L;
        static final QueueFull INSTANCE = new QueueFull();

        private QueueFull() {
            super("queue full");
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
