package dev.petrel.broker.longpoll;

import dev.petrel.store.DispatchListener;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongBiFunction;

/**
 * Long polling: pulls held per topic and queue until a matching message arrives or their deadline passes. The
 * store's dispatcher calls {@link #onDispatched} for every new ConsumeQueue entry; the pulls it satisfies are handed
 * to the {@link Resumer} at once, so a held consumer hears of a message microseconds after it becomes readable.
 * Deadlines are kept by a {@link PullTimeoutLoop}, which sleeps until the earliest one: nothing here polls.
 *
 * <p>Threads: pull threads {@link #hold}; the store's dispatch thread wakes ({@link #onDispatched}, which must not
 * block: it only matches and hands off); the timeout thread expires ({@link #expire}). A pull is answered by
 * whichever claims it first ({@link HeldPull#claim()}).
 *
 * @param <P> the payload of a held pull
 */
public final class PullHoldTable<P> implements DispatchListener {

    /** Re-runs a claimed pull without suspension and answers it, on a pull thread (never on the caller's). */
    @FunctionalInterface
    public interface Resumer<P> {
        void resume(HeldPull<P> pull, P payload, boolean timedOut);
    }

    private final ConcurrentHashMap<String, ConcurrentHashMap<Integer, ConcurrentLinkedQueue<HeldPull<P>>>> held =
        new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();
    private final LongAdder woken = new LongAdder();
    private final LongAdder expired = new LongAdder();
    private final ToLongBiFunction<String, Integer> maxOffset;
    private final Resumer<P> resumer;
    private volatile PullTimeoutLoop<P> timeouts;

    /**
     * @param maxOffset the queue's current max offset (the store's), checked right after a pull is registered so a
     *                  message dispatched in between is never missed
     */
    public PullHoldTable(ToLongBiFunction<String, Integer> maxOffset, Resumer<P> resumer) {
        this.maxOffset = maxOffset;
        this.resumer = resumer;
    }

    void setTimeouts(PullTimeoutLoop<P> timeouts) {
        this.timeouts = timeouts;
    }

    /** Holds a pull. It may be resumed before this returns (when a message arrived in the meantime). */
    public void hold(HeldPull<P> pull) {
        held.computeIfAbsent(pull.topic(), t -> new ConcurrentHashMap<>())
            .computeIfAbsent(pull.queueId(), q -> new ConcurrentLinkedQueue<>())
            .add(pull);
        count.incrementAndGet();
        PullTimeoutLoop<P> t = timeouts;
        if (t != null) {
            t.add(pull);
        }
        // The dispatcher makes an entry visible before it tells listeners, so either it sees this pull or this check
        // sees its entry.
        if (maxOffset.applyAsLong(pull.topic(), pull.queueId()) > pull.offset()) {
            take(pull, false);
        }
    }

    @Override
    public void onDispatched(String topic, int queueId, long queueOffset, long tagCode, long storeTimestamp,
                             Map<String, String> properties) {
        if (count.get() == 0) {
            return;
        }
        ConcurrentHashMap<Integer, ConcurrentLinkedQueue<HeldPull<P>>> queues = held.get(topic);
        if (queues == null) {
            return;
        }
        ConcurrentLinkedQueue<HeldPull<P>> pulls = queues.get(queueId);
        if (pulls == null || pulls.isEmpty()) {
            return;
        }
        for (HeldPull<P> pull : pulls) {
            if (queueOffset >= pull.offset() && !pull.isClaimed() && pull.filter().matches(tagCode, properties)) {
                take(pull, false);
            }
        }
    }

    /**
     * Answers now every pull held on {@code topic} whose payload {@code which} accepts (an admin reset their offsets:
     * they should not wait for a message to learn it). Returns how many were woken.
     */
    public int wakeWhere(String topic, java.util.function.Predicate<P> which) {
        ConcurrentHashMap<Integer, ConcurrentLinkedQueue<HeldPull<P>>> queues = held.get(topic);
        if (queues == null) {
            return 0;
        }
        int n = 0;
        for (ConcurrentLinkedQueue<HeldPull<P>> pulls : queues.values()) {
            for (HeldPull<P> pull : pulls) {
                P payload = pull.peek();
                if (payload != null && which.test(payload)) {
                    take(pull, false);
                    n++;
                }
            }
        }
        return n;
    }

    /**
     * Forgets the pulls whose payload {@code which} accepts without answering them (their connection closed). Their
     * timeout entries stay as claimed shells until their deadlines pass.
     */
    public int dropWhere(java.util.function.Predicate<P> which) {
        int n = 0;
        for (ConcurrentHashMap<Integer, ConcurrentLinkedQueue<HeldPull<P>>> queues : held.values()) {
            for (ConcurrentLinkedQueue<HeldPull<P>> pulls : queues.values()) {
                for (HeldPull<P> pull : pulls) {
                    P payload = pull.peek();
                    if (payload != null && which.test(payload) && pull.claim() != null) {
                        pulls.remove(pull);
                        count.decrementAndGet();
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** The deadline of {@code pull} passed (timeout thread). */
    void expire(HeldPull<P> pull) {
        take(pull, true);
    }

    private void take(HeldPull<P> pull, boolean timedOut) {
        P payload = pull.claim();
        if (payload == null) {
            return;
        }
        ConcurrentHashMap<Integer, ConcurrentLinkedQueue<HeldPull<P>>> queues = held.get(pull.topic());
        if (queues != null) {
            ConcurrentLinkedQueue<HeldPull<P>> pulls = queues.get(pull.queueId());
            if (pulls != null) {
                pulls.remove(pull);
            }
        }
        count.decrementAndGet();
        (timedOut ? expired : woken).increment();
        resumer.resume(pull, payload, timedOut);
    }

    /** Pulls held right now. */
    public int size() {
        return count.get();
    }

    /** Pulls answered because a message arrived (since start). */
    public long wokenCount() {
        return woken.sum();
    }

    /** Pulls answered because their deadline passed (since start). */
    public long expiredCount() {
        return expired.sum();
    }
}
