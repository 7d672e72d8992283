package dev.petrel.broker.ha;

/**
 * What the master sends next to one slave (storage-layout.md §9.2, ha.md §1.6): pure state, stepped by the
 * connection's threads with the time and the master's CommitLog bounds.
 *
 * <ul>
 *   <li>Nothing is sent before the slave's first report, which is its requested start. Request 0 (an empty slave)
 *   starts at the beginning of the master's last CommitLog file, as Apache does; any other request starts exactly
 *   there.</li>
 *   <li>Each frame holds at most {@code batchSize} bytes, never crosses a CommitLog file boundary (a full file's
 *   blank tail is sent as it is) and never goes past the master's confirmed offset.</li>
 *   <li>After {@code heartbeatMillis} without writing, a heartbeat carries the next offset.</li>
 *   <li>After {@code housekeepingMillis} without reading any report, the connection is closed.</li>
 * </ul>
 * Unlike Apache, a slave whose request or ack lies outside the master's CommitLog is refused (closed with a reason)
 * rather than fed heartbeats forever or, worse, streamed from the middle of a record (ha.md §1.7(6)).
 *
 * <p>Threading: not thread-safe; the connection guards it with its own lock.
 */
public final class MasterStreamState {

    /** The next step for the connection. */
    public sealed interface Action permits Idle, Send, Heartbeat, Close {
    }

    /** Nothing to do for up to {@code millis} (or until a report or new bytes arrive). */
    public record Idle(long millis) implements Action {
    }

    /** Send {@code length} CommitLog bytes starting at {@code offset}, then call {@link #sent}. */
    public record Send(long offset, int length) implements Action {
    }

    /** Send a heartbeat header for {@code offset}, then call {@link #sent} with length 0. */
    public record Heartbeat(long offset) implements Action {
    }

    /** Close the connection and log {@code reason}. */
    public record Close(String reason) implements Action {
    }

    private final int fileSize;
    private final int batchSize;
    private final long heartbeatMillis;
    private final long housekeepingMillis;
    private long requested = -1;
    private long acked = -1;
    private long next = -1;
    private long lastWriteMillis;
    private long lastReadMillis;
    private String refused;

    public MasterStreamState(int fileSize, int batchSize, long heartbeatMillis, long housekeepingMillis, long nowMillis) {
        this.fileSize = fileSize;
        this.batchSize = batchSize;
        this.heartbeatMillis = heartbeatMillis;
        this.housekeepingMillis = housekeepingMillis;
        this.lastWriteMillis = nowMillis;
        this.lastReadMillis = nowMillis;
    }

    /**
     * The slave reported its max offset (the last complete value the reader found).
     *
     * @param masterMax the master's CommitLog max offset now
     */
    public void onReport(long offset, long nowMillis, long masterMax) {
        lastReadMillis = nowMillis;
        if (offset > masterMax && refused == null) {
            refused = "slave reports CommitLog offset " + offset + " beyond the master's max offset " + masterMax
                + ": it holds bytes the master does not (the master lost data, or the slave replicated another "
                + "master); rebuild the slave's store";
        }
        if (requested < 0) {
            requested = offset;
        }
        acked = offset;
    }

    /**
     * The next step.
     *
     * @param masterMin       the master's CommitLog min offset
     * @param masterConfirmed end of the bytes the master may send (its local confirmed offset)
     */
    public Action next(long nowMillis, long masterMin, long masterConfirmed) {
        if (refused != null) {
            return new Close(refused);
        }
        long silent = nowMillis - lastReadMillis;
        if (silent > housekeepingMillis) {
            return new Close("no report from the slave for " + silent + " ms (haHousekeepingInterval "
                + housekeepingMillis + " ms)");
        }
        if (requested < 0) {
            return new Idle(housekeepingMillis - silent + 1);
        }
        if (next < 0) {
            String bad = chooseStart(masterMin, masterConfirmed);
            if (bad != null) {
                refused = bad;
                return new Close(bad);
            }
        }
        if (next < masterConfirmed) {
            long fileEnd = next - next % fileSize + fileSize;
            long length = Math.min(Math.min(batchSize, masterConfirmed - next), fileEnd - next);
            return new Send(next, (int) length);
        }
        long quiet = nowMillis - lastWriteMillis;
        if (quiet >= heartbeatMillis) {
            return new Heartbeat(next);
        }
        return new Idle(Math.min(heartbeatMillis - quiet, housekeepingMillis - silent + 1));
    }

    private String chooseStart(long masterMin, long masterConfirmed) {
        if (requested == 0) {
            next = masterConfirmed - masterConfirmed % fileSize;
            return null;
        }
        if (requested < masterMin) {
            return "slave requests CommitLog offset " + requested + " below the master's min offset " + masterMin
                + " (those files were deleted): it cannot catch up; rebuild the slave's store";
        }
        next = requested;
        return null;
    }

    /** {@code length} bytes (0: a heartbeat) at {@code offset} were written to the socket. */
    public void sent(long offset, int length, long nowMillis) {
        if (offset != next) {
            throw new IllegalStateException("sent offset " + offset + " but the stream is at " + next);
        }
        next += length;
        lastWriteMillis = nowMillis;
    }

    /** The slave's last reported offset, or -1 before its first report. */
    public long ackedOffset() {
        return acked;
    }

    /** The offset of the next byte to send, or -1 before the start is known. */
    public long nextOffset() {
        return next;
    }
}
