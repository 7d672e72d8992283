package dev.petrel.client.internal.producer;

import dev.petrel.common.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-broker "do not use until" times learned from send latencies: RocketMQ 5.x's latency fault table (flows.md §3).
 * After each send attempt the producer records the broker's latency; a latency of at least a row's threshold makes the
 * broker unavailable for that row's duration (the highest matching row wins):
 *
 * <pre>
 *   latency (ms) >=   50    100    550   1800   3000   5000   15000
 *   unavailable (ms)   0      0   2000   5000   6000  10000   30000
 * </pre>
 *
 * An isolating failure (remoting exception, broker error) counts as {@value #ISOLATION_LATENCY_MILLIS} ms, i.e. 10 s.
 * A recorded duration only ever extends the current one, as in RocketMQ. A broker error also marks the broker
 * unreachable until its next successful send.
 *
 * <p>Thread-safe: every sending thread records and reads; entries are immutable and replaced atomically. Time comes
 * from the injected clock.
 */
public final class LatencyFaultTable {

    static final long[] LATENCY_MAX = {50L, 100L, 550L, 1800L, 3000L, 5000L, 15000L};
    static final long[] NOT_AVAILABLE = {0L, 0L, 2000L, 5000L, 6000L, 10000L, 30000L};
    /** The latency an isolating failure counts as. */
    public static final long ISOLATION_LATENCY_MILLIS = 10_000L;

    /** One broker's state; {@code availableAt} in clock millis. */
    record Entry(long latencyMillis, long availableAt, boolean reachable) {
    }

    private final Clock clock;
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    public LatencyFaultTable(Clock clock) {
        this.clock = clock;
    }

    /** The not-available duration for an observed latency. */
    public static long notAvailableMillis(long latencyMillis) {
        for (int i = LATENCY_MAX.length - 1; i >= 0; i--) {
            if (latencyMillis >= LATENCY_MAX[i]) {
                return NOT_AVAILABLE[i];
            }
        }
        return 0;
    }

    /**
     * Records the outcome of one send attempt to {@code broker}.
     *
     * @param latencyMillis how long the attempt took
     * @param isolation     the attempt failed in a way that should keep the broker out (counted as 10 s)
     * @param reachable     false after a broker error: prefer other brokers until this one answers a send again
     */
    public void record(String broker, long latencyMillis, boolean isolation, boolean reachable) {
        long duration = notAvailableMillis(isolation ? ISOLATION_LATENCY_MILLIS : latencyMillis);
        long now = clock.millis();
        entries.compute(broker, (name, old) -> {
            long availableAt = old == null ? 0 : old.availableAt;
            if (duration > 0 && now + duration > availableAt) {
                availableAt = now + duration;
            }
            return new Entry(latencyMillis, availableAt, reachable);
        });
    }

    /** Whether the broker's not-available time has passed (a broker never seen is available). */
    public boolean isAvailable(String broker) {
        Entry e = entries.get(broker);
        return e == null || clock.millis() >= e.availableAt;
    }

    /** Whether the broker's last send did not end in a broker error (a broker never seen is reachable). */
    public boolean isReachable(String broker) {
        Entry e = entries.get(broker);
        return e == null || e.reachable;
    }

    /** Forgets a broker (it left every route). */
    public void remove(String broker) {
        entries.remove(broker);
    }

    /** The last latency recorded for {@code broker}, or -1. */
    public long lastLatency(String broker) {
        Entry e = entries.get(broker);
        return e == null ? -1 : e.latencyMillis;
    }

    @Override
    public String toString() {
        return "LatencyFaultTable" + entries;
    }
}
