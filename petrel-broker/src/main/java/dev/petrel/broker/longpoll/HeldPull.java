package dev.petrel.broker.longpoll;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A pull that found nothing new and waits for a message or its deadline, whichever comes first. Exactly one of the
 * two takes it ({@link #claim()}); the winner gets the pull's payload and the loser finds nothing. Claiming drops
 * the reference to the payload, so a pull that was woken costs the timeout list only this small shell until its
 * deadline passes.
 *
 * <p>Threads: the pull thread that holds it, the store's dispatch thread, the timeout thread and admin threads race
 * to claim it; the payload's {@link AtomicReference} is the only mutable state and {@code getAndSet(null)} decides.
 *
 * @param <P> what the pull processor needs to answer it later (request context and parsed header)
 */
public final class HeldPull<P> {

    /** Whether a newly dispatched message is one this pull waits for (its subscription filter). */
    @FunctionalInterface
    public interface WakeFilter {
        /**
         * @param tagCode    the ConsumeQueue tag slot of the new message
         * @param properties its properties, decoded on first access; TAG filters never touch them
         */
        boolean matches(long tagCode, Map<String, String> properties);

        WakeFilter ANY = (c, p) -> true;
    }

    private final String topic;
    private final int queueId;
    private final long offset;
    private final long deadlineNanos;
    private final WakeFilter filter;
    private final AtomicReference<P> payload;

    /**
     * @param offset        the queue offset the pull asked for; a message at or beyond it wakes the pull
     * @param deadlineNanos when to answer anyway, in {@code Clock.nanos()} time
     */
    public HeldPull(String topic, int queueId, long offset, long deadlineNanos, WakeFilter filter, P payload) {
        this.topic = topic;
        this.queueId = queueId;
        this.offset = offset;
        this.deadlineNanos = deadlineNanos;
        this.filter = filter;
        this.payload = new AtomicReference<>(payload);
    }

    public String topic() {
        return topic;
    }

    public int queueId() {
        return queueId;
    }

    public long offset() {
        return offset;
    }

    public long deadlineNanos() {
        return deadlineNanos;
    }

    WakeFilter filter() {
        return filter;
    }

    /** Takes the payload; null if someone else took it already. */
    P claim() {
        return payload.getAndSet(null);
    }

    /** The payload without taking it (null once claimed). */
    P peek() {
        return payload.get();
    }

    boolean isClaimed() {
        return payload.get() == null;
    }

    @Override
    public String toString() {
        return "HeldPull[" + topic + ":" + queueId + "@" + offset + (isClaimed() ? ", done" : "") + "]";
    }
}
