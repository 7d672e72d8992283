package dev.petrel.raft;

import java.util.Arrays;
import java.util.Objects;

/**
 * One Raft log entry: its index (from 1), the term of the leader that created it, and opaque payload bytes (the
 * broker puts whole CommitLog records or batches in them). An entry with an empty payload is a leader marker, the
 * no-op a new leader appends so that it can commit the entries of earlier terms; {@link RaftNode#propose} refuses
 * empty payloads so the two can never be confused.
 *
 * <p>The payload array is owned by the entry once built: nobody may change it. A follower stores exactly these bytes.
 */
public final class RaftEntry {

    private static final byte[] EMPTY = new byte[0];

    private final long index;
    private final long term;
    private final byte[] payload;

    public RaftEntry(long index, long term, byte[] payload) {
        if (index < 1) {
            throw new IllegalArgumentException("entry index starts at 1, got " + index);
        }
        if (term < 1) {
            throw new IllegalArgumentException("entry term starts at 1, got " + term);
        }
        this.index = index;
        this.term = term;
        this.payload = Objects.requireNonNull(payload, "payload");
    }

    /** The no-op entry a leader of {@code term} appends at {@code index} when it is elected. */
    public static RaftEntry leaderMarker(long index, long term) {
        return new RaftEntry(index, term, EMPTY);
    }

    public long index() {
        return index;
    }

    public long term() {
        return term;
    }

    /** The payload itself, not a copy (entries are immutable by contract; see the class comment). */
    public byte[] payload() {
        return payload;
    }

    public boolean isLeaderMarker() {
        return payload.length == 0;
    }

    /** The same payload and term at another index: what a follower writes is always the leader's entry as is. */
    public RaftEntry withIndex(long newIndex) {
        return new RaftEntry(newIndex, term, payload);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RaftEntry e && e.index == index && e.term == term && Arrays.equals(e.payload, payload);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(index) * 31 + Long.hashCode(term) * 17 + Arrays.hashCode(payload);
    }

    @Override
    public String toString() {
        return "RaftEntry{" + index + "@" + term + (isLeaderMarker() ? ", marker" : ", " + payload.length + " B") + "}";
    }
}
