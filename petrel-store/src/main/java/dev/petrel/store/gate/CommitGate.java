package dev.petrel.store.gate;

import dev.petrel.store.PutStatus;

/**
 * Decides when appended CommitLog bytes are <b>confirmed</b>: they can no longer be taken back (by a crash under
 * SYNC_FLUSH, by a lost election for a Raft follower's tail), so readers may see them and their puts may be
 * acknowledged. The put pipeline is
 * <pre>
 *   append (CommitLog, put lock) -&gt; gate confirms -&gt; dispatch (ConsumeQueue, index) -&gt; ack (put future)
 * </pre>
 * Everything a reader sees is below {@link #confirmedOffset()}, and a put is acknowledged only once its record is
 * both confirmed and dispatched (docs/storage.md, "The put pipeline").
 *
 * <p>Implementations: {@link SyncFlushGate} (confirmed = forced to disk), {@link AsyncFlushGate} (confirmed =
 * written to the page cache). A replicated log wraps the local gate (the {@code gate} argument of
 * {@code LocalMessageStore}) and confirms the minimum of the local offset and what its replicas acknowledged.
 *
 * <p>Threading: {@link #admit()} and {@link #appended(long)} are called by appending threads (any);
 * {@link #confirmedOffset()} by any thread, typically the dispatcher; {@link #timedOut(long)} by the dispatcher.
 * When the confirmed offset moves the gate runs the {@code confirmedMoved} action given to {@link #start} (which
 * wakes the dispatcher), from whatever thread moved it.
 */
public interface CommitGate {

    /** A put answered without waiting for confirmation, with a status other than PUT_OK. */
    record Outcome(PutStatus status, String reason) {
    }

    /**
     * Before a put that waits for confirmation is appended: null to wait, or the outcome to answer at once (the
     * record is still stored), e.g. SLAVE_NOT_AVAILABLE when no replica is in sync.
     */
    Outcome admit();

    /** Bytes up to {@code endOffset} were appended (after the put lock is released): start making them durable. */
    void appended(long endOffset);

    /** End of the confirmed bytes; never decreases except by {@link #truncated}. */
    long confirmedOffset();

    /** How long a put may wait for confirmation, in ms, before {@link #timedOut} answers it; Long.MAX_VALUE: forever. */
    long timeoutMillis();

    /** The answer to a put ending at {@code endOffset} that was not confirmed within {@link #timeoutMillis()}. */
    Outcome timedOut(long endOffset);

    /** Starts the gate's threads; {@code confirmedMoved} is run whenever {@link #confirmedOffset()} grows. */
    void start(Runnable confirmedMoved);

    /** The log was cut at {@code offset} (a follower's unconfirmed tail): forget anything confirmed beyond it. */
    void truncated(long offset);

    /** Stops the gate's threads; {@code finish} makes everything appended durable first (false: a simulated crash). */
    void stop(boolean finish) throws InterruptedException;
}
