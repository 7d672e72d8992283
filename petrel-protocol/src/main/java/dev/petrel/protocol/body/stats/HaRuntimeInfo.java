package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;

import java.util.List;

/**
 * GET_BROKER_HA_STATUS (907) response: a broker's replication state as {@code mqadmin haStatus} reads it (Apache
 * 5.3.1's {@code HARuntimeInfo}). A master ({@code master=true}) fills {@link #masterCommitLogMaxOffset},
 * {@link #inSyncSlaveNums} and one {@link Connection} per replica connected to it; a replica fills
 * {@link #haClientRuntimeInfo}. Apache always writes both parts, the unused one with zeros (an empty list, a client
 * part without {@code masterAddr}).
 *
 * @param masterCommitLogMaxOffset the master's CommitLog max offset when the status was taken
 * @param inSyncSlaveNums          connections whose replica is within {@code haMaxGapNotInSync} of that offset
 * @param haConnectionInfo         the master's replica connections
 * @param haClientRuntimeInfo      the replica's view of its master
 */
public record HaRuntimeInfo(
    boolean master,
    long masterCommitLogMaxOffset,
    int inSyncSlaveNums,
    List<Connection> haConnectionInfo,
    Client haClientRuntimeInfo) {

    public static final BodyCodec<HaRuntimeInfo> CODEC = BodyCodec.of(HaRuntimeInfo.class);

    public HaRuntimeInfo {
        haConnectionInfo = haConnectionInfo == null ? List.of() : List.copyOf(haConnectionInfo);
        haClientRuntimeInfo = haClientRuntimeInfo == null ? Client.NONE : haClientRuntimeInfo;
    }

    /** A master's status. */
    public static HaRuntimeInfo ofMaster(long maxOffset, int inSync, List<Connection> connections) {
        return new HaRuntimeInfo(true, maxOffset, inSync, connections, Client.NONE);
    }

    /** A replica's status. */
    public static HaRuntimeInfo ofReplica(Client client) {
        return new HaRuntimeInfo(false, 0, 0, List.of(), client);
    }

    /**
     * One replica connected to the master (Apache's {@code HAConnectionRuntimeInfo}).
     *
     * @param addr                    the replica's end of the connection, {@code host:port} (on a classic master the
     *                                slave's HA client socket, not its broker address, as Apache reports it)
     * @param slaveAckOffset          the replica's last acknowledged CommitLog offset, -1 before its first report
     * @param diff                    the master's max offset minus {@code slaveAckOffset}
     * @param inSync                  within {@code haMaxGapNotInSync} of the master
     * @param transferredByteInSecond CommitLog bytes sent to it in the last whole second
     * @param transferFromWhere       the CommitLog offset the master sends it next, -1 before that is known
     */
    public record Connection(
        String addr,
        long slaveAckOffset,
        long diff,
        boolean inSync,
        long transferredByteInSecond,
        long transferFromWhere) {
    }

    /**
     * A replica's view of its master (Apache's {@code HAClientRuntimeInfo}).
     *
     * @param masterAddr              the address it replicates from (a classic slave: the master's HA address); null
     *                                when none is known
     * @param transferredByteInSecond CommitLog bytes received in the last whole second
     * @param maxOffset               its own CommitLog max offset
     * @param lastReadTimestamp       epoch millis of the last bytes read from the master, 0 for never
     * @param lastWriteTimestamp      epoch millis of the last report written to the master, 0 for never
     * @param masterFlushOffset       the master's flushed offset as last told (0: never told; Apache fills it only in
     *                                acting-master mode)
     */
    public record Client(
        String masterAddr,
        long transferredByteInSecond,
        long maxOffset,
        long lastReadTimestamp,
        long lastWriteTimestamp,
        long masterFlushOffset) {

        /** The client part of a master's status: all zero, no address. */
        public static final Client NONE = new Client(null, 0, 0, 0, 0, 0);
    }
}
