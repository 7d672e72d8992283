package dev.petrel.raft;

import java.util.List;

/**
 * The replicated log as {@link RaftNode} sees it. The broker implements it over its CommitLog; tests use an in-memory
 * version that loses its unflushed tail in a simulated crash. Every method is called from the node's single writer
 * thread only.
 *
 * <p>Indices start at 1; index 0 is the empty log's sentinel with term 0. Writes ({@link #append}, {@link #truncateFrom})
 * are visible to reads at once but become durable later: the shell flushes when it likes and then calls
 * {@link RaftNode#tick} so that the node notices {@link #durableIndex()} moving. A node votes an entry towards a quorum
 * (its own, as leader, or a follower's acknowledgement) only once it is durable, so a committed entry survives the
 * crash of any minority.
 *
 * <p>Log start: the broker deletes old CommitLog files, so the log may begin above 1 ({@link #firstIndex()}). Only
 * committed entries may be deleted, and the term of the entry just before the first must still be answered by
 * {@link #termAt}. A follower that needs entries below the leader's first index cannot be caught up by this core
 * (there are no snapshots): the leader reports it once with {@link RaftEffect.FollowerBehindLogStart}.
 */
public interface RaftLog {

    /** Index of the first entry held; {@code lastIndex() + 1} when empty (1 for a fresh log). */
    long firstIndex();

    /** Index of the last entry, 0 when nothing was ever appended. */
    long lastIndex();

    /**
     * The term of the entry at {@code index}: 0 for index 0, the real term from {@code firstIndex() - 1} to
     * {@link #lastIndex()}, and -1 for an index outside that range (deleted or not yet written).
     */
    long termAt(long index);

    /**
     * Entries from {@code fromIndex} on, at most {@code maxEntries} of them and, after the first one, at most
     * {@code maxBytes} of payload in total. Returns at least one entry when {@code firstIndex() <= fromIndex <=
     * lastIndex()}, an empty list when {@code fromIndex > lastIndex()}.
     */
    List<RaftEntry> read(long fromIndex, int maxEntries, int maxBytes);

    /**
     * Appends entries whose indices continue the log ({@code entries.get(0).index() == lastIndex() + 1}, then +1 each).
     * A follower's entries are the leader's, byte for byte.
     */
    void append(List<RaftEntry> entries);

    /**
     * Removes the entries from {@code index} to the end (a follower's divergent, never committed tail). Must lower
     * {@link #durableIndex()} to at most {@code index - 1}.
     */
    void truncateFrom(long index);

    /**
     * The highest index such that every entry from the first up to it, as the log holds them now, is on stable storage
     * and survives a crash. Never above {@link #lastIndex()}.
     */
    long durableIndex();
}
