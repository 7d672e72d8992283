package dev.petrel.broker.transaction;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the broker knows about the half queue ({@code RMQ_SYS_TRANS_HALF_TOPIC} queue 0): every offset below
 * {@link #halfOffset()} is decided; above it, the decided offsets and the check-back count of each undecided one;
 * and how far the op queue has been read. Saved as a {@link Checkpoint} after each scan so a restart resumes without
 * re-asking producers about decided messages and keeps the check counts.
 *
 * <p>An END_TRANSACTION decision is first <em>reserved</em> ({@link #reserve}: a repeated decision is refused and
 * the check loop leaves the message alone) and becomes decided only once its records are stored ({@link #confirm});
 * if storing fails the reservation is dropped ({@link #release}) and the message is checked again. The front
 * ({@link #advance}) moves only over decided offsets, so a decision that is still being written, and may yet fail, is
 * never passed over or written to the checkpoint as decided.
 *
 * <p>Threads: END_TRANSACTION threads (send pool) and the store's completion threads call {@link #reserve},
 * {@link #confirm} and {@link #release}; the check loop ({@code petrel-broker-transaction-check}) does everything else.
 * All methods are guarded by this object's monitor; each is short.
 */
final class HalfQueueState {

    /** The persisted form. */
    record Checkpoint(long halfOffset, long opOffset, TreeSet<Long> done, TreeMap<Long, Integer> checkTimes) {
    }

    private long halfOffset;
    private long opOffset;
    private final TreeSet<Long> done = new TreeSet<>();
    private final Map<Long, Integer> checkTimes = new HashMap<>();
    /** Offsets whose END_TRANSACTION decision is being written (neither decided nor to be checked). */
    private final Set<Long> deciding = new HashSet<>();

    HalfQueueState(Checkpoint from) {
        if (from != null) {
            halfOffset = from.halfOffset();
            opOffset = from.opOffset();
            if (from.done() != null) {
                done.addAll(from.done().tailSet(halfOffset));
            }
            if (from.checkTimes() != null) {
                from.checkTimes().forEach((o, n) -> {
                    if (o >= halfOffset && !done.contains(o)) {
                        checkTimes.put(o, n);
                    }
                });
            }
        }
    }

    /** Marks a half-queue offset decided by a stored record (an op record read back, a given-up copy). */
    synchronized boolean markDone(long offset) {
        deciding.remove(offset);
        if (offset < halfOffset) {
            return false;
        }
        checkTimes.remove(offset);
        return done.add(offset);
    }

    /**
     * Reserves the decision of an offset for an END_TRANSACTION whose records are about to be written; false if it is
     * decided or being decided already (a repeated END_TRANSACTION, which must be ignored).
     */
    synchronized boolean reserve(long offset) {
        if (offset < halfOffset || done.contains(offset)) {
            return false;
        }
        return deciding.add(offset);
    }

    /** The reserved decision's records are stored: the offset is decided. */
    synchronized void confirm(long offset) {
        markDone(offset);
    }

    /** Writing the reserved decision failed: the offset is open again, so the check-back asks again. */
    synchronized void release(long offset) {
        deciding.remove(offset);
    }

    /** Decided, or being decided: the check loop does not ask about it. */
    synchronized boolean isDone(long offset) {
        return offset < halfOffset || done.contains(offset) || deciding.contains(offset);
    }

    /** Moves the progress past every decided offset at its front; a queue whose head was cleaned starts at {@code min}. */
    synchronized void advance(long min) {
        if (halfOffset < min) {
            halfOffset = min;
            done.headSet(min).clear();
            checkTimes.keySet().removeIf(o -> o < min);
        }
        while (done.remove(halfOffset)) {
            halfOffset++;
        }
    }

    synchronized int checkTimes(long offset) {
        return checkTimes.getOrDefault(offset, 0);
    }

    synchronized void recordCheck(long offset) {
        checkTimes.merge(offset, 1, Integer::sum);
    }

    synchronized long halfOffset() {
        return halfOffset;
    }

    synchronized long opOffset() {
        return opOffset;
    }

    synchronized void opOffset(long value) {
        opOffset = value;
    }

    /** Undecided half messages below {@code max} (the half queue's end). */
    synchronized long pending(long max) {
        long span = Math.max(0, max - halfOffset);
        return Math.max(0, span - done.headSet(max).size());
    }

    synchronized Checkpoint checkpoint() {
        return new Checkpoint(halfOffset, opOffset, new TreeSet<>(done), new TreeMap<>(checkTimes));
    }
}
