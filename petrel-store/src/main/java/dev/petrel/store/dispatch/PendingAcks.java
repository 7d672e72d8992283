package dev.petrel.store.dispatch;

import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.gate.CommitGate;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongFunction;

/**
 * Puts waiting to be acknowledged: a put's future completes when its record is visible (confirmed by the commit gate
 * and dispatched into its ConsumeQueue and the index), so that whoever is told "stored" can at once see the message
 * in max offsets, stats and pulls.
 *
 * <p>A single-producer, single-consumer ring of parallel arrays, so registering a put allocates nothing:
 * <ul>
 *   <li>producer: the appender holding the CommitLog put lock ({@link #offer}); entries are therefore in CommitLog
 *   order, and the consumer completes a prefix;</li>
 *   <li>consumer: the dispatch thread ({@link #completeUpTo}, {@link #expire}), or the stopping thread once the
 *   dispatcher has stopped ({@link #drain}).</li>
 * </ul>
 * A full ring makes the appender wait (inside the put lock, so all puts wait): back-pressure when more than
 * {@code capacity} acknowledgements are outstanding, which only a stalled gate produces.
 */
public final class PendingAcks {

    private static final long FULL_PARK_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    private final int mask;
    private final long[] ends;
    private final long[] appendedNanos;
    private final PutResult[] results;
    private final CompletableFuture<PutResult>[] futures;
    private final DispatchLatency latency;
    private final Runnable wakeConsumer;
    /** Next slot to write; written by the producer only. */
    private volatile long tail;
    /** Next slot to complete; written by the consumer only. */
    private volatile long head;
    private volatile boolean closed;

    /**
     * @param capacity     a power of two
     * @param wakeConsumer wakes the dispatcher when the ring is full
     */
    @SuppressWarnings("unchecked")
    public PendingAcks(int capacity, DispatchLatency latency, Runnable wakeConsumer) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two");
        }
        this.mask = capacity - 1;
        this.ends = new long[capacity];
        this.appendedNanos = new long[capacity];
        this.results = new PutResult[capacity];
        this.futures = new CompletableFuture[capacity];
        this.latency = latency;
        this.wakeConsumer = wakeConsumer;
    }

    /**
     * Registers a stored put whose record ends at {@code endOffset} (producer, under the put lock, in offset order).
     * Returns false if the acks are closed (the store is stopping): the caller completes the future itself.
     */
    public boolean offer(long endOffset, long nowNanos, PutResult result, CompletableFuture<PutResult> future) {
        long t = tail;
        while (t - head > mask) {
            if (closed) {
                return false;
            }
            wakeConsumer.run();
            LockSupport.parkNanos(FULL_PARK_NANOS);
        }
        if (closed) {
            return false;
        }
        int i = (int) t & mask;
        ends[i] = endOffset;
        appendedNanos[i] = nowNanos;
        results[i] = result;
        futures[i] = future;
        tail = t + 1; // publishes the slot
        return true;
    }

    public boolean isEmpty() {
        return head == tail;
    }

    /** Outstanding acknowledgements. */
    public int size() {
        return (int) (tail - head);
    }

    /** Append time of the oldest outstanding put (consumer), or -1 if none. */
    public long oldestAppendedNanos() {
        long h = head;
        return h == tail ? -1 : appendedNanos[(int) h & mask];
    }

    /** Completes, in order, every put whose record ends at or before {@code visibleTo} (consumer). */
    public int completeUpTo(long visibleTo, long nowNanos) {
        long h = head;
        long t = tail;
        int n = 0;
        while (h < t) {
            int i = (int) h & mask;
            if (ends[i] > visibleTo) {
                break;
            }
            CompletableFuture<PutResult> f = futures[i];
            PutResult r = results[i];
            latency.record(nowNanos - appendedNanos[i]);
            futures[i] = null;
            results[i] = null;
            h++;
            head = h; // before completing: a dependent action may put again and must find room
            f.complete(r);
            n++;
        }
        return n;
    }

    /**
     * Completes with the gate's timeout outcome every put appended before {@code deadlineAppendedNanos} whose record ends after
     * {@code confirmedTo} (consumer): the gate did not confirm it in time. The record stays stored and becomes visible
     * when confirmed; the producer learns it was not confirmed in time (FLUSH_DISK_TIMEOUT, FLUSH_SLAVE_TIMEOUT).
     * Expired puts are not counted in the latency histogram (it measures acknowledged puts).
     */
    public int expire(long deadlineAppendedNanos, long confirmedTo, LongFunction<CommitGate.Outcome> outcomeOf) {
        long h = head;
        long t = tail;
        int n = 0;
        while (h < t) {
            int i = (int) h & mask;
            if (appendedNanos[i] - deadlineAppendedNanos >= 0 || ends[i] <= confirmedTo) {
                break;
            }
            CompletableFuture<PutResult> f = futures[i];
            PutResult r = results[i];
            futures[i] = null;
            results[i] = null;
            h++;
            head = h;
            CommitGate.Outcome o = outcomeOf.apply(ends[i]);
            f.complete(r.withStatus(o.status(), o.reason()));
            n++;
        }
        return n;
    }

    /** A put whose record a truncation cut, and its answer (completed by the caller outside the put lock). */
    public record Cut(CompletableFuture<PutResult> future, PutResult answer) {
        public void complete() {
            future.complete(answer);
        }
    }

    /**
     * Removes every put whose record ends after {@code offset} (a truncation cut those records) and returns them
     * with their refusal. The caller runs on the consumer thread while the producer is excluded (the put lock is held
     * for the truncation), so taking entries off the tail is safe; it completes them after releasing the lock, since
     * a dependent action may put again.
     */
    public java.util.List<Cut> cutAfter(long offset, PutStatus status, String reason) {
        java.util.List<Cut> cut = new java.util.ArrayList<>();
        long t = tail;
        while (t > head) {
            int i = (int) (t - 1) & mask;
            if (ends[i] <= offset) {
                break;
            }
            CompletableFuture<PutResult> f = futures[i];
            PutResult r = results[i];
            futures[i] = null;
            results[i] = null;
            t--;
            tail = t;
            cut.add(new Cut(f, PutResult.refused(status, reason + " (the record at CommitLog offset "
                + r.physicalOffset() + " was cut)")));
        }
        return cut;
    }

    /** Refuses further offers (producers waiting for room give up at once). */
    public void close() {
        closed = true;
    }

    /**
     * Completes everything left (the stopping thread, after the dispatcher stopped and with the put lock held): puts
     * ending at or before {@code confirmedTo} with their result, the rest with {@code status}.
     */
    public void drain(long confirmedTo, PutStatus status, String reason) {
        long h = head;
        long t = tail;
        while (h < t) {
            int i = (int) h & mask;
            CompletableFuture<PutResult> f = futures[i];
            PutResult r = results[i];
            futures[i] = null;
            results[i] = null;
            h++;
            head = h;
            f.complete(ends[i] <= confirmedTo ? r : r.withStatus(status, reason));
        }
    }
}
