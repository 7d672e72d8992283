package dev.petrel.store.timer;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * The delivery of one slot in progress: a walk down the slot's chain, taken in chunks of at most {@code batchLimit}
 * entries ordered by due time, and the cancel keys found in it. Entries linked into the slot while it is being
 * delivered (short delays, late arrivals) sit above the walk's starting head; {@link #next} takes them first, walking
 * down from the new head to the old one. Memory stays bounded by the chunk size however large the slot is.
 *
 * <p>Threading: the timer thread only.
 */
final class TimerSlotRun {

    final long slotTime;
    /** CommitLog end when the run began: deliveries of this slot and later ones lie beyond it. */
    final long commitLogStart;
    final Set<String> cancelKeys = new HashSet<>();
    final PriorityQueue<TimerLogLayout.Entry> batch =
        new PriorityQueue<>(Comparator.comparingLong(TimerLogLayout.Entry::dueMs));

    private final TimerIndex index;
    /** Walks still to do, newest first: {next position, stop position (exclusive)}. */
    private final ArrayDeque<long[]> walks = new ArrayDeque<>();
    /** The highest chain position any walk started from. */
    private long top;
    private int corrupt;

    TimerSlotRun(long slotTime, TimerIndex index, long commitLogStart) {
        this.slotTime = slotTime;
        this.index = index;
        this.commitLogStart = commitLogStart;
        this.top = index.slots().lastPos(slotTime);
        walks.push(new long[] {top, -1});
    }

    /** The next entry not yet taken: new arrivals first, then down the original chain; null when none is left. */
    TimerLogLayout.Entry next() {
        long head = index.slots().lastPos(slotTime);
        if (head > top) {
            walks.push(new long[] {head, top});
            top = head;
        }
        while (!walks.isEmpty()) {
            long[] w = walks.peek();
            if (w[0] < 0 || w[0] == w[1]) {
                walks.pop();
                continue;
            }
            TimerLogLayout.Entry e = index.read(w[0]);
            if (e == null) {
                corrupt++;
                walks.pop();
                continue;
            }
            w[0] = e.prev();
            return e;
        }
        return null;
    }

    /** Whether entries were lost to an unreadable chain link (reported once by the engine). */
    int corruptLinks() {
        return corrupt;
    }
}
