package dev.petrel.broker.ha;

import java.util.ArrayDeque;

/**
 * Where a SYNC_MASTER's CommitLog counts as confirmed (visible to consumers, its puts answerable), pure:
 * <pre>
 *   confirmed = max(previous, min(local, replicatedTo), min(local, timedOutTo), local if degraded, local if released)
 * </pre>
 * <ul>
 *   <li>{@code replicatedTo}: what enough slaves acknowledged ({@link SyncReplicationPolicy#replicatedTo});</li>
 *   <li>{@code timedOutTo}: the end of the latest put answered FLUSH_SLAVE_TIMEOUT: once answered, it is shown as a
 *   master-only record (RocketMQ shows records at once; Petrel holds them back only while a put may still wait);</li>
 *   <li>degraded: the needed slaves are not in sync (no slave, or too far behind), so puts are answered
 *   SLAVE_NOT_AVAILABLE without waiting, and no put admitted to wait within {@code releaseMillis} may still be
 *   waiting (a put answered PUT_OK must have been acknowledged by a slave, so the local offset is not shown while
 *   one might be);</li>
 *   <li>released: bytes appended {@code releaseMillis} ago are confirmed whatever the slaves do, so records of puts
 *   that did not wait (WAIT=false) are not held back by a stalled slave for long. {@code releaseMillis} is longer
 *   than {@code slaveTimeout} by at least the dispatcher's idle wait, so a waiting put is always answered
 *   (acknowledged or timed out) before its record is released this way.</li>
 * </ul>
 * Never decreases.
 *
 * <p>Threading: not thread-safe; the gate calls it under its own lock.
 */
public final class ReplicatedConfirmation {

    /** One sample of the appended end: coarse (one per {@link #BUCKET_NANOS}) so the queue stays short. */
    private record Appended(long end, long nanos) {
    }

    private static final long BUCKET_NANOS = 1_000_000L;

    private final long releaseNanos;
    private final ArrayDeque<Appended> appended = new ArrayDeque<>();
    private long confirmed;
    private long timedOutTo;
    private long releasedTo;
    private long lastWaitAdmittedNanos;
    private boolean anyWaitAdmitted;

    public ReplicatedConfirmation(long releaseMillis) {
        this.releaseNanos = releaseMillis * 1_000_000L;
    }

    /** {@code releaseMillis} for a {@code slaveTimeout}: twice it, and at least one second more than it. */
    public static long releaseMillisFor(long slaveTimeoutMillis) {
        return Math.max(2 * slaveTimeoutMillis, slaveTimeoutMillis + 1000);
    }

    /** Bytes up to {@code end} were appended at {@code nowNanos}. */
    public void appended(long end, long nowNanos) {
        Appended last = appended.peekLast();
        if (last != null && nowNanos - last.nanos() < BUCKET_NANOS) {
            appended.pollLast();
            appended.addLast(new Appended(Math.max(end, last.end()), last.nanos()));
        } else {
            appended.addLast(new Appended(end, nowNanos));
        }
    }

    /** A put was admitted to wait for slave acks at {@code nowNanos}. */
    public void waitAdmitted(long nowNanos) {
        lastWaitAdmittedNanos = nowNanos;
        anyWaitAdmitted = true;
    }

    /** A put ending at {@code end} was answered FLUSH_SLAVE_TIMEOUT. */
    public void timedOut(long end) {
        timedOutTo = Math.max(timedOutTo, end);
    }

    /** The log was cut at {@code offset}. */
    public void truncated(long offset) {
        confirmed = Math.min(confirmed, offset);
        timedOutTo = Math.min(timedOutTo, offset);
        releasedTo = Math.min(releasedTo, offset);
        appended.clear();
    }

    public long confirmed(long local, long replicatedTo, boolean degraded, long nowNanos) {
        while (!appended.isEmpty() && nowNanos - appended.peekFirst().nanos() >= releaseNanos) {
            releasedTo = Math.max(releasedTo, appended.pollFirst().end());
        }
        long c = Math.max(confirmed, Math.min(local, Math.max(Math.max(replicatedTo, timedOutTo), releasedTo)));
        if (degraded && (!anyWaitAdmitted || nowNanos - lastWaitAdmittedNanos >= releaseNanos)) {
            c = Math.max(c, local);
        }
        confirmed = c;
        return c;
    }
}
