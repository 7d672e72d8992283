package dev.petrel.broker.ha;

import java.util.Arrays;

/**
 * SYNC_MASTER's rules, pure (storage-layout.md §9.3, ha.md §1.11): how many slave acks a put waits for, when a put
 * is answered SLAVE_NOT_AVAILABLE at once, and up to where the master's CommitLog counts as replicated.
 *
 * <ul>
 *   <li>Acks needed: {@code inSyncReplicas - 1} slaves (the master counts as one), but at least one: with the
 *   default {@code inSyncReplicas=1} a put waits for one slave, as a RocketMQ 4 SYNC_MASTER does (a 5.3.1
 *   SYNC_MASTER does not wait at 1; use ASYNC_MASTER for that). With {@code enableAutoInSyncReplicas} and
 *   {@code inSyncReplicas >= 2}: {@code max(min(inSyncReplicas, 1 + slaves in sync), minInSyncReplicas) - 1}.</li>
 *   <li>A slave is in sync when connected, it has reported, and it is at most {@code haMaxGapNotInSync} bytes behind
 *   the master's max offset. Fewer in-sync slaves than needed: SLAVE_NOT_AVAILABLE (the record is stored).</li>
 *   <li>Replicated up to: the highest offset that at least "needed" connections acknowledged (RocketMQ's
 *   GroupTransferService counts connections).</li>
 * </ul>
 */
public final class SyncReplicationPolicy {

    /** The put is answered SLAVE_NOT_AVAILABLE without waiting (its record is stored), for {@code reason}. */
    public record Refusal(String reason) {
    }

    private final int inSyncReplicas;
    private final int minInSyncReplicas;
    private final boolean auto;
    private final long maxGap;

    public SyncReplicationPolicy(int inSyncReplicas, int minInSyncReplicas, boolean auto, long maxGap) {
        this.inSyncReplicas = inSyncReplicas;
        this.minInSyncReplicas = minInSyncReplicas;
        this.auto = auto;
        this.maxGap = maxGap;
    }

    public static SyncReplicationPolicy of(HaConfig.Settings s) {
        return new SyncReplicationPolicy(s.inSyncReplicas(), s.minInSyncReplicas(), s.autoInSyncReplicas(),
            s.maxGapNotInSync());
    }

    /** Slave acks a put waits for when {@code inSyncSlaves} slaves are in sync. */
    public int neededAcks(int inSyncSlaves) {
        if (inSyncReplicas <= 1) {
            return 1;
        }
        if (!auto) {
            return inSyncReplicas - 1;
        }
        return Math.max(1, Math.max(Math.min(inSyncReplicas, 1 + inSyncSlaves), minInSyncReplicas) - 1);
    }

    /** Before a waiting put: null to wait, or the answer to give at once. */
    public Refusal admit(ReplicaAcks acks, long masterMax) {
        int inSync = acks.inSync(masterMax, maxGap);
        int needed = neededAcks(inSync);
        if (inSync >= needed) {
            return null;
        }
        int connected = acks.connections();
        String why = connected == 0 ? "no slave is connected"
            : connected + " slave connection(s), " + inSync + " within haMaxGapNotInSync " + maxGap + " bytes";
        return new Refusal("stored on the master only: " + why + ", " + needed
            + " needed (inSyncReplicas " + inSyncReplicas + ")");
    }

    /** The highest offset at least {@code neededAcks} connections acknowledged, or -1. */
    public long replicatedTo(ReplicaAcks acks, long masterMax) {
        int needed = neededAcks(acks.inSync(masterMax, maxGap));
        long[] all = acks.ackOffsets();
        if (all.length < needed) {
            return -1;
        }
        Arrays.sort(all);
        return all[all.length - needed];
    }

    /** Whether puts are to wait at all now, i.e. the needed slaves are in sync. */
    public boolean inSync(ReplicaAcks acks, long masterMax) {
        return admit(acks, masterMax) == null;
    }
}
