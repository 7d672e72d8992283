package dev.petrel.broker.ha;

/**
 * The slave's side of the HA stream (storage-layout.md §9.2, ha.md §1.7): which offset to report and when, and
 * whether a received frame continues the local CommitLog. Pure state, stepped by the HA client thread with the time
 * and the local max offset.
 *
 * <ul>
 *   <li>Right after connecting the slave reports at once (Apache's master sends nothing before that); afterwards
 *   whenever its max offset grew, and at least every {@code heartbeatMillis}.</li>
 *   <li>A frame must start exactly at the local max offset. An empty store (max offset 0) takes the first data frame
 *   only at a CommitLog file start (where a master starts an empty slave) and a frame never crosses a file
 *   boundary, so the local files keep the master's names and layout.</li>
 *   <li>After {@code housekeepingMillis} without reading a byte the connection is closed.</li>
 * </ul>
 *
 * <p>Threading: the HA client thread only.
 */
public final class SlaveFollowState {

    private final int fileSize;
    private final long heartbeatMillis;
    private final long housekeepingMillis;
    private long reported = -1;
    private long lastReportMillis;
    private long lastReadMillis;

    public SlaveFollowState(int fileSize, long heartbeatMillis, long housekeepingMillis) {
        this.fileSize = fileSize;
        this.heartbeatMillis = heartbeatMillis;
        this.housekeepingMillis = housekeepingMillis;
    }

    /** A new connection: the next {@link #reportDue} answers at once. */
    public void connected(long nowMillis) {
        reported = -1;
        lastReadMillis = nowMillis;
        lastReportMillis = nowMillis;
    }

    /** The offset to report now, or -1 if no report is due. */
    public long reportDue(long nowMillis, long localMax) {
        if (reported < 0 || localMax > reported || nowMillis - lastReportMillis >= heartbeatMillis) {
            return localMax;
        }
        return -1;
    }

    /** {@code offset} was written to the socket. */
    public void reported(long offset, long nowMillis) {
        reported = offset;
        lastReportMillis = nowMillis;
    }

    /** Bytes were read from the master. */
    public void read(long nowMillis) {
        lastReadMillis = nowMillis;
    }

    /** ms until the next report is due, at least 1 (for the read timeout). */
    public long millisToNextReport(long nowMillis) {
        return Math.max(1, lastReportMillis + heartbeatMillis - nowMillis);
    }

    /** Null while the master is heard from, else why the connection should be closed. */
    public String expired(long nowMillis) {
        long silent = nowMillis - lastReadMillis;
        return silent > housekeepingMillis ? "nothing read from the master for " + silent
            + " ms (haHousekeepingInterval " + housekeepingMillis + " ms)" : null;
    }

    /**
     * Checks that a frame continues the local CommitLog.
     *
     * @param localMax the local CommitLog max offset (0 when empty)
     * @throws HaProtocolException the frame starts elsewhere, or would cross a file boundary
     */
    public void check(long frameOffset, int bodySize, long localMax) throws HaProtocolException {
        if (localMax != 0 && frameOffset != localMax) {
            throw new HaProtocolException("master sent a frame at CommitLog offset " + frameOffset
                + " but the slave's max offset is " + localMax + "; the streams are out of step");
        }
        if (bodySize == 0) {
            return;
        }
        if (localMax == 0 && frameOffset % fileSize != 0) {
            throw new HaProtocolException("master starts an empty slave at CommitLog offset " + frameOffset
                + ", which is not a file start (mappedFileSizeCommitLog " + fileSize
                + "); check that both brokers use the same mappedFileSizeCommitLog");
        }
        long inFile = frameOffset % fileSize;
        if (inFile + bodySize > fileSize) {
            throw new HaProtocolException("master sent " + bodySize + " bytes at CommitLog offset " + frameOffset
                + ", crossing the end of a " + fileSize + "-byte file; check that both brokers use the same "
                + "mappedFileSizeCommitLog");
        }
    }
}
