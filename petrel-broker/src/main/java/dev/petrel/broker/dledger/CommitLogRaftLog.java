package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.RaftLog;
import dev.petrel.store.raft.RaftIndexFile;
import dev.petrel.store.raft.RaftIndexLayout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * The Raft log of DLedger mode: terms and positions in the {@link RaftIndexFile}, payloads in the CommitLog itself
 * ({@link CommitLogBytes}), so no byte of a message is stored twice and every replica's CommitLog is byte-identical
 * to the leader's.
 *
 * <p>An entry's payload is the CommitLog range [offset, offset + size) that the leader's broker wrote (one or more whole
 * records, maybe preceded by a BLANK filler). On the leader those bytes are already in place when the entry is
 * appended: the loop announces them with {@link #expectOwnBytes} just before proposing, and {@link #append} then only
 * records them. Any other append (a follower's, or the leader marker) writes the payload at the index's end offset,
 * first cutting CommitLog bytes beyond it, which no Raft entry covers (a former leader's writes never proposed).
 *
 * <p>Recovery (constructor): entries whose bytes the CommitLog lost in a crash are dropped from the index, and
 * CommitLog bytes beyond the last entry are cut; both files are then forced, so everything left is durable.
 *
 * <p>Durability follows the flush mode. {@link #flush} first waits until the CommitLog holds the new bytes as the
 * store's local gate means it (forced under SYNC_FLUSH, written under ASYNC_FLUSH), then:
 * <ul>
 *   <li>with an index force interval of 0 (SYNC_FLUSH) it forces the index records that point at them, so an entry
 *   counts as held once both are on disk;</li>
 *   <li>with an interval (ASYNC_FLUSH) the written records count, like the bytes they point at: a killed process loses
 *   neither (both are in the page cache), a power loss can lose both, and recovery checks the index against the
 *   CommitLog. {@link #maybeForceIndex} forces the index at most that often, as the store's flush loop forces the
 *   CommitLog, instead of once per loop turn: a force of the index in every turn, on every member, was the largest
 *   cost of a replicated send (docs/benchmarks.md, "High availability").</li>
 * </ul>
 *
 * <p>Threading: the Raft loop's thread only.
 */
public final class CommitLogRaftLog implements RaftLog, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CommitLogRaftLog.class);

    private final RaftIndexFile index;
    private final CommitLogBytes commitLog;
    private final long indexForceIntervalMillis;
    private long nextIndexForceMillis;
    private long durableIndex;
    private long ownOffset = -1;
    private int ownSize;

    /** Every {@link #flush} forces the index too (SYNC_FLUSH). */
    public CommitLogRaftLog(RaftIndexFile index, CommitLogBytes commitLog) {
        this(index, commitLog, 0);
    }

    /**
     * @param indexForceIntervalMillis 0: every {@link #flush} forces the index (SYNC_FLUSH); otherwise a flush counts
     *                                 written index records as held and {@link #maybeForceIndex} forces them at most
     *                                 this often (ASYNC_FLUSH: {@code flushIntervalCommitLog})
     */
    public CommitLogRaftLog(RaftIndexFile index, CommitLogBytes commitLog, long indexForceIntervalMillis) {
        if (indexForceIntervalMillis < 0) {
            throw new IllegalArgumentException("index force interval must be >= 0, got " + indexForceIntervalMillis);
        }
        this.index = index;
        this.commitLog = commitLog;
        this.indexForceIntervalMillis = indexForceIntervalMillis;
        long lost = index.truncateToOffset(commitLog.endOffset());
        if (lost > 0) {
            LOG.warn("raft log: {} entries at the end of the raft index lost their CommitLog bytes in a crash; dropped "
                + "(now [{}, {}])", lost, index.firstIndex(), index.lastIndex());
        }
        if (commitLog.endOffset() > index.endOffset()) {
            LOG.warn("raft log: CommitLog bytes [{}, {}) are in no Raft entry (written by a leader, never proposed); cut",
                index.endOffset(), commitLog.endOffset());
            commitLog.truncate(index.endOffset());
        }
        commitLog.flush();
        durableIndex = index.flush();
    }

    /**
     * Announces that the next proposal's payload is the CommitLog range [offset, offset + size) that the broker has
     * already written, so {@link #append} records it without writing it again. Returns false, announcing nothing, when
     * that range does not start at the log's end (the proposal is stale or out of order).
     */
    public boolean expectOwnBytes(long offset, int size) {
        if (offset != index.endOffset() || commitLog.endOffset() < offset + size) {
            return false;
        }
        ownOffset = offset;
        ownSize = size;
        return true;
    }

    /** Forgets an announcement that did not become an entry (the proposal was refused). */
    public void clearOwnBytes() {
        ownOffset = -1;
    }

    /**
     * Cuts CommitLog bytes beyond the log's end: a refused proposal's, which will never be in the Raft log. Only when
     * the refused range started exactly at the end (later ones were cut with it).
     */
    public void discardUnproposedFrom(long offset) {
        if (offset == index.endOffset() && commitLog.endOffset() > offset) {
            commitLog.truncate(offset);
        }
    }

    /** The CommitLog offset just after entry {@code i} ({@link #startOffset()} for the entry before the first). */
    public long endOffsetOf(long i) {
        if (i < index.firstIndex()) {
            return index.startOffset();
        }
        RaftIndexLayout.Entry e = index.entry(i);
        return e == null ? index.endOffset() : e.endOffset();
    }

    public long startOffset() {
        return index.startOffset();
    }

    /** Where the next entry's bytes go. */
    public long endOffset() {
        return index.endOffset();
    }

    @Override
    public long firstIndex() {
        return index.firstIndex();
    }

    @Override
    public long lastIndex() {
        return index.lastIndex();
    }

    @Override
    public long termAt(long i) {
        return index.termAt(i);
    }

    @Override
    public List<RaftEntry> read(long fromIndex, int maxEntries, int maxBytes) {
        List<RaftEntry> out = new ArrayList<>();
        long bytes = 0;
        for (long i = Math.max(fromIndex, index.firstIndex()); i <= index.lastIndex() && out.size() < maxEntries; i++) {
            RaftIndexLayout.Entry e = index.entry(i);
            if (!out.isEmpty() && bytes + e.size() > maxBytes) {
                break;
            }
            out.add(new RaftEntry(i, e.term(), commitLog.read(e.offset(), e.size())));
            bytes += e.size();
        }
        return out;
    }

    @Override
    public void append(List<RaftEntry> entries) {
        for (RaftEntry e : entries) {
            if (e.index() != index.lastIndex() + 1) {
                throw new IllegalArgumentException("entry " + e.index() + " does not continue the raft log at "
                    + index.lastIndex());
            }
            long offset = index.endOffset();
            int size = e.payload().length;
            boolean own = ownOffset == offset && ownSize == size && size > 0;
            ownOffset = -1;
            if (!own) {
                if (commitLog.endOffset() != offset) {
                    commitLog.truncate(offset);
                }
                if (size > 0) {
                    commitLog.append(offset, e.payload());
                }
            }
            index.append(e.term(), size);
        }
    }

    @Override
    public void truncateFrom(long i) {
        if (i > index.lastIndex()) {
            return;
        }
        long offset = index.entry(i).offset();
        index.truncateFrom(i);
        commitLog.truncate(offset);
        durableIndex = Math.min(durableIndex, i - 1);
    }

    @Override
    public long durableIndex() {
        return Math.min(durableIndex, index.lastIndex());
    }

    /**
     * Makes the appended entries held: the CommitLog bytes first, then (SYNC_FLUSH) the index records that point at
     * them (in that order: a durable record must never point at bytes a crash can lose). Returns the new durable index.
     */
    public long flush() {
        long last = index.lastIndex();
        commitLog.flush();
        if (indexForceIntervalMillis == 0) {
            index.flush();
        }
        durableIndex = last;
        return durableIndex;
    }

    /**
     * With an index force interval (ASYNC_FLUSH): forces what the index wrote or zeroed since its last force, when the
     * interval has passed since then (the loop calls it every turn; a force with nothing to write costs nothing).
     * Returns whether it forced.
     */
    public boolean maybeForceIndex(long nowMillis) {
        if (indexForceIntervalMillis == 0 || nowMillis < nextIndexForceMillis) {
            return false;
        }
        index.flush();
        nextIndexForceMillis = nowMillis + indexForceIntervalMillis;
        return true;
    }

    /** Whether appended entries wait for a {@link #flush}. */
    public boolean hasUnflushed() {
        return durableIndex < index.lastIndex();
    }

    /** Deletes raft index segments wholly below {@code firstKeptIndex} (after the CommitLog files they cover went). */
    public int deleteBefore(long firstKeptIndex) {
        return index.deleteBefore(firstKeptIndex);
    }

    @Override
    public void close() {
        flush();
        index.close();
    }
}
