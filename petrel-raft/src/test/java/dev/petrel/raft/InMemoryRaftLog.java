package dev.petrel.raft;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link RaftLog} in memory that models a page cache: appends are readable at once but durable only after
 * {@link #flush()}, and {@link #crash()} loses everything written since. Single-threaded, like the node.
 */
public final class InMemoryRaftLog implements RaftLog {

    private final ArrayList<RaftEntry> entries = new ArrayList<>();
    private long durable;

    @Override
    public long firstIndex() {
        return 1;
    }

    @Override
    public long lastIndex() {
        return entries.size();
    }

    @Override
    public long termAt(long index) {
        if (index == 0) {
            return 0;
        }
        if (index < 0 || index > entries.size()) {
            return -1;
        }
        return entries.get((int) index - 1).term();
    }

    @Override
    public List<RaftEntry> read(long fromIndex, int maxEntries, int maxBytes) {
        List<RaftEntry> out = new ArrayList<>();
        long bytes = 0;
        for (long i = fromIndex; i <= entries.size() && out.size() < maxEntries; i++) {
            RaftEntry e = entries.get((int) i - 1);
            bytes += e.payload().length;
            if (!out.isEmpty() && bytes > maxBytes) {
                break;
            }
            out.add(e);
        }
        return out;
    }

    @Override
    public void append(List<RaftEntry> more) {
        for (RaftEntry e : more) {
            if (e.index() != entries.size() + 1) {
                throw new IllegalStateException("append of " + e + " after index " + entries.size());
            }
            if (!entries.isEmpty() && e.term() < entries.get(entries.size() - 1).term()) {
                throw new IllegalStateException("append of " + e + " after term " + entries.get(entries.size() - 1).term());
            }
            entries.add(e);
        }
    }

    @Override
    public void truncateFrom(long index) {
        if (index < 1) {
            throw new IllegalArgumentException("truncate from " + index);
        }
        while (entries.size() >= index) {
            entries.remove(entries.size() - 1);
        }
        durable = Math.min(durable, index - 1);
    }

    @Override
    public long durableIndex() {
        return durable;
    }

    /** Everything written so far becomes durable. */
    public void flush() {
        durable = entries.size();
    }

    /** A power cut: the unflushed tail is gone. */
    public void crash() {
        truncateFrom(durable + 1);
    }

    public RaftEntry entry(long index) {
        return entries.get((int) index - 1);
    }
}
