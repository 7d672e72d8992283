package dev.petrel.broker.dledger;

import dev.petrel.store.PutStatus;
import dev.petrel.store.gate.CommitGate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;


/**
 * The store's commit gate in DLedger mode: a CommitLog byte is <b>confirmed</b> (readable, dispatched to ConsumeQueues
 * and the index, its put acknowledged) once it is both confirmed by the local gate of the flush mode and committed by
 * the Raft group ({@link #committed}, fed by {@link RaftListener#onCommitted}). So a put is answered PUT_OK only after a
 * quorum holds it, and nothing a follower holds beyond the commit point (a tail that may still be cut) is ever visible.
 *
 * <p>The append → propose coupling: while this node leads ({@link #startProposing}), every {@link #appended} call
 * proposes the CommitLog range written since the last proposal, in CommitLog order (the monitor orders the calls of
 * concurrent appenders; a call whose range an earlier one already covered proposes nothing, so a burst of puts becomes
 * few entries). The payload is read back from the CommitLog the put path just wrote, so the data exists once on disk;
 * the Raft loop only adds an index record. At most {@code maxInFlight} proposals are outstanding: appends meanwhile
 * are proposed together once one is decided (coalescing under load instead of refusing, so the loop never answers
 * TOO_MANY_PENDING to the put path). A refused proposal's bytes are cut by the loop (the store answers their puts
 * NOT_LEADER, i.e. SERVICE_NOT_AVAILABLE); a proposal accepted and then not committed in time is answered by
 * {@link #timedOut} (SYSTEM_ERROR) and may still commit later.
 *
 * <p>Threading: {@link #appended} from appending threads (and the Raft loop's, for a follower's replicated appends);
 * {@link #committed} from the Raft loop; {@link #truncated} from the store's dispatch thread; the rest from any.
 */
public final class RaftCommitGate implements CommitGate {

    private static final Logger LOG = LoggerFactory.getLogger(RaftCommitGate.class);

    /** What proposes a written CommitLog range (the Raft loop; a test's stand-in); completes when decided. */
    public interface Proposer {
        CompletableFuture<?> propose(long offset, byte[] bytes);
    }

    private final CommitGate local;
    private final long timeoutMillis;
    private final int maxInFlight;
    private volatile CommitLogBytes bytes;
    private volatile Proposer proposer;
    private volatile long committed;
    private volatile Runnable confirmedMoved = () -> { };
    /** Guarded by this: the end of what was proposed, or -1 while not proposing. */
    private long proposedEnd = -1;
    /** Guarded by this: the highest end an append reported (what the next proposal covers). */
    private long appendedEnd = -1;
    /** Guarded by this: proposals not decided yet. */
    private int inFlight;

    /**
     * @param local         the flush mode's gate (what is written or forced here)
     * @param timeoutMillis how long a put waits for the quorum before it is answered {@link #timedOut}
     * @param maxInFlight   proposals outstanding at most; appends meanwhile are proposed together when one is
     *                      decided, so the Raft loop never refuses one as TOO_MANY_PENDING (keep it below
     *                      {@code raftMaxPendingProposals})
     */
    public RaftCommitGate(CommitGate local, long timeoutMillis, int maxInFlight) {
        this.local = local;
        this.timeoutMillis = timeoutMillis;
        this.maxInFlight = maxInFlight;
    }

    /** The local gate's confirmed offset (what {@link StoreCommitLogBytes#flush} waits for). */
    public long locallyConfirmed() {
        return local.confirmedOffset();
    }

    /** The Raft group committed every CommitLog byte below {@code offset}. */
    public void committed(long offset) {
        if (offset > committed) {
            committed = offset;
            confirmedMoved.run();
        }
    }

    /** The Raft commit point as this gate knows it. */
    public long committedOffset() {
        return committed;
    }

    /**
     * This node leads: from now on every append is proposed, starting at {@code logEnd} (the CommitLog's end, which is
     * the Raft log's end: the store refused puts until now).
     */
    public synchronized void startProposing(long logEnd, CommitLogBytes source, Proposer to) {
        this.bytes = source;
        this.proposer = to;
        this.proposedEnd = logEnd;
        this.appendedEnd = logEnd;
    }

    /** This node no longer leads: appends (there should be none, the store refuses puts) are not proposed. */
    public synchronized void stopProposing() {
        proposedEnd = -1;
        appendedEnd = -1;
    }

    @Override
    public Outcome admit() {
        return local.admit();
    }

    @Override
    public void appended(long endOffset) {
        local.appended(endOffset);
        propose(endOffset);
    }

    private synchronized void propose(long endOffset) {
        if (proposedEnd < 0) {
            return;
        }
        appendedEnd = Math.max(appendedEnd, endOffset);
        if (appendedEnd <= proposedEnd || inFlight >= maxInFlight) {
            return; // nothing new, or proposed with the next decision (decided())
        }
        long from = proposedEnd;
        endOffset = appendedEnd;
        byte[] payload;
        try {
            payload = bytes.read(from, Math.toIntExact(endOffset - from));
        } catch (RuntimeException e) {
            // Cut meanwhile (a lost leadership's truncation runs beside this): nothing left to propose from here.
            LOG.warn("cannot read CommitLog [{}, {}) to propose it: {}", from, endOffset, e.getMessage());
            return;
        }
        proposedEnd = endOffset;
        inFlight++;
        proposer.propose(from, payload).whenComplete((r, e) -> decided());
    }

    /** A proposal was decided (on the Raft loop's thread): propose what was appended meanwhile. */
    private synchronized void decided() {
        inFlight--;
        if (proposedEnd >= 0 && appendedEnd > proposedEnd) {
            propose(appendedEnd);
        }
    }

    @Override
    public long confirmedOffset() {
        return Math.min(local.confirmedOffset(), committed);
    }

    @Override
    public long timeoutMillis() {
        return timeoutMillis;
    }

    @Override
    public Outcome timedOut(long endOffset) {
        // Apache's DLedger answers WAIT_QUORUM_ACK_TIMEOUT as IN_SYNC_REPLICAS_NOT_ENOUGH, SYSTEM_ERROR (ha.md §2.4):
        // the entry stays in the log and may commit later, so a retrying producer may store it twice.
        return new Outcome(PutStatus.UNKNOWN_ERROR, "in-sync replicas not enough: not committed by a quorum of the "
            + "Raft group within " + timeoutMillis + " ms; it may still be committed, or cut if leadership moves");
    }

    @Override
    public void start(Runnable confirmedMoved) {
        this.confirmedMoved = confirmedMoved;
        local.start(confirmedMoved);
    }

    @Override
    public void truncated(long offset) {
        local.truncated(offset);
        synchronized (this) {
            if (proposedEnd > offset) {
                proposedEnd = offset;
            }
            if (appendedEnd > offset) {
                appendedEnd = offset;
            }
        }
        if (committed > offset) {
            // Raft never cuts committed entries; a store truncation below the commit point is a bug elsewhere.
            LOG.error("the CommitLog was cut at {}, below the Raft commit point {}", offset, committed);
            committed = offset;
        }
    }

    @Override
    public void stop(boolean finish) throws InterruptedException {
        stopProposing();
        local.stop(finish);
    }

    @Override
    public String toString() {
        return "RaftCommitGate{committed=" + committed + ", local=" + local.confirmedOffset() + "}";
    }

}
