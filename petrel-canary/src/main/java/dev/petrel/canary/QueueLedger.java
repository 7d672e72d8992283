package dev.petrel.canary;

/**
 * The accounting of one (broker, queue) for one canary run: which sequence numbers were sent, acknowledged and
 * received, remembered for the last {@code capacity} numbers only (a ring of about 13 bytes per number), so memory
 * does not grow with the run. Pure: no clock, no I/O; every method that needs time is given it.
 *
 * <p>The rules (docs/operations.md, "Correctness canary"):
 * <ul>
 *   <li>One number is open at a time: it is (re)sent until an answer with a status arrives. SEND_OK makes it
 *   <em>acknowledged</em>; another status (FLUSH_DISK_TIMEOUT, ...) makes it <em>unconfirmed</em>: stored, not
 *   promised, never lost. Only then is the next number opened, so the numbers of a queue are acknowledged in order
 *   and their acknowledgement times never decrease — which lets {@link #expire} stop at the first one still in
 *   grace.</li>
 *   <li><em>Lost</em>: acknowledged and not received within the grace period after its acknowledgement. A gap alone
 *   proves nothing (a restart may deliver late). A lost number received later counts as <em>late</em> too.</li>
 *   <li><em>Duplicated</em>: each receipt of a number already received.</li>
 *   <li><em>Out of order</em>: a first receipt of a number below the highest received so far.</li>
 *   <li><em>Unmatched</em>: a receipt of a number outside the remembered window (older than the oldest kept, or
 *   never sent); it cannot be classified.</li>
 * </ul>
 * A number pushed out of the window while acknowledged and unreceived counts as lost at that moment; the
 * configuration keeps the window at least twice the numbers of one grace period, so that does not happen early.
 *
 * <p>Threads: one writer, the canary's thread ({@code petrel-canary}); not safe to share.
 */
final class QueueLedger {

    /** What a receipt was. */
    enum Receipt { FIRST, DUPLICATE, UNMATCHED }

    private static final byte OPEN = 0;
    private static final byte ACKED = 1;
    private static final byte UNCONFIRMED = 2;
    private static final byte LOST = 3;

    private final int capacity;
    private final long graceMillis;
    private final byte[] state;
    private final long[] ackMillis;
    private final int[] receipts;

    /** Lowest number remembered; [base, next) are. */
    private long base;
    private long next;
    /** Whether next - 1 is open (being sent or retried). */
    private boolean open;
    /** Lowest number that may still become lost: every one below is received, unconfirmed or lost. */
    private long checkFrom;
    private long highestReceived = -1;

    private long sent;
    private long attempts;
    private long failedAttempts;
    private long acked;
    private long unconfirmed;
    private long received;
    private long pending;
    private long lost;
    private long duplicated;
    private long outOfOrder;
    private long late;
    private long unmatched;

    QueueLedger(int capacity, long graceMillis) {
        if (capacity < 1 || graceMillis < 0) {
            throw new IllegalArgumentException("capacity " + capacity + ", grace " + graceMillis);
        }
        this.capacity = capacity;
        this.graceMillis = graceMillis;
        this.state = new byte[capacity];
        this.ackMillis = new long[capacity];
        this.receipts = new int[capacity];
    }

    /** Starts an attempt: returns the open number again (a retry) or opens the next one. */
    long beginAttempt() {
        if (!open) {
            if (next - base == capacity) {
                evictOldest();
            }
            int i = index(next);
            state[i] = OPEN;
            ackMillis[i] = 0;
            receipts[i] = 0;
            next++;
            open = true;
            sent++;
        }
        attempts++;
        return next - 1;
    }

    /** The attempt of {@code sequence} got no answer or an error: it stays open, to be sent again. */
    void attemptFailed(long sequence) {
        requireOpen(sequence);
        failedAttempts++;
    }

    /** SEND_OK for {@code sequence} at {@code nowMillis}: the canary now expects it within the grace period. */
    void acknowledged(long sequence, long nowMillis) {
        requireOpen(sequence);
        int i = index(sequence);
        state[i] = ACKED;
        ackMillis[i] = nowMillis;
        open = false;
        acked++;
        if (receipts[i] == 0) {
            pending++;
        }
    }

    /** Stored with another status than SEND_OK: closed, not promised. */
    void unconfirmed(long sequence) {
        requireOpen(sequence);
        state[index(sequence)] = UNCONFIRMED;
        open = false;
        unconfirmed++;
    }

    /** A message of this run with {@code sequence} arrived. */
    Receipt received(long sequence) {
        if (sequence < base || sequence >= next) {
            unmatched++;
            return Receipt.UNMATCHED;
        }
        int i = index(sequence);
        if (receipts[i] > 0) {
            if (receipts[i] < Integer.MAX_VALUE) {
                receipts[i]++;
            }
            duplicated++;
            return Receipt.DUPLICATE;
        }
        receipts[i] = 1;
        received++;
        if (sequence < highestReceived) {
            outOfOrder++;
        } else {
            highestReceived = sequence;
        }
        if (state[i] == ACKED) {
            pending--;
        } else if (state[i] == LOST) {
            late++;
        }
        return Receipt.FIRST;
    }

    /** Counts as lost every acknowledged, unreceived number whose grace ended by {@code nowMillis}; returns how many. */
    int expire(long nowMillis) {
        int newlyLost = 0;
        while (checkFrom < next) {
            int i = index(checkFrom);
            if (state[i] == OPEN) {
                break;
            }
            if (state[i] == ACKED && receipts[i] == 0) {
                if (nowMillis - ackMillis[i] < graceMillis) {
                    break; // acknowledgements are in number order: every later one is in grace too
                }
                markLost(i);
                newlyLost++;
            }
            checkFrom++;
        }
        return newlyLost;
    }

    /** The number sent next, or being retried. */
    long nextSequence() {
        return open ? next - 1 : next;
    }

    CanaryReport.Counts counts() {
        return new CanaryReport.Counts(sent, attempts, failedAttempts, acked, unconfirmed, received, pending, lost,
            duplicated, outOfOrder, late, unmatched);
    }

    private void evictOldest() {
        int i = index(base);
        if (state[i] == ACKED && receipts[i] == 0) {
            markLost(i); // cannot wait any longer: the window is full
        }
        base++;
        checkFrom = Math.max(checkFrom, base);
    }

    private void markLost(int i) {
        state[i] = LOST;
        lost++;
        pending--;
    }

    private void requireOpen(long sequence) {
        if (!open || sequence != next - 1) {
            throw new IllegalStateException("sequence " + sequence + " is not the open one (next " + next + ", open "
                + open + ")");
        }
    }

    private int index(long sequence) {
        return (int) (sequence % capacity);
    }
}
