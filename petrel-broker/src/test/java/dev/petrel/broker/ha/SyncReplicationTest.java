package dev.petrel.broker.ha;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** SYNC_MASTER's policy and confirmation, stepped with fake time. */
class SyncReplicationTest {

    private static final long MS = 1_000_000L;
    private static final long GAP = 1000;

    private final ReplicaAcks acks = new ReplicaAcks();
    private final Object a = "slave-a";
    private final Object b = "slave-b";

    @Test
    void rocketMq4DefaultWaitsForOneSlave() {
        SyncReplicationPolicy p = new SyncReplicationPolicy(1, 1, false, GAP);
        assertThat(p.neededAcks(0)).isEqualTo(1);
        SyncReplicationPolicy.Refusal r = p.admit(acks, 0);
        assertThat(r.reason()).contains("no slave is connected");
        acks.connected(a);
        assertThat(p.admit(acks, 0)).isNotNull(); // connected, but not reported yet
        acks.acked(a, 0);
        assertThat(p.admit(acks, 500)).isNull();
        assertThat(p.admit(acks, GAP + 1).reason()).contains("1 slave connection(s), 0 within haMaxGapNotInSync 1000");
    }

    @Test
    void inSyncReplicasCountsTheMasterAndConnections() {
        SyncReplicationPolicy p = new SyncReplicationPolicy(3, 1, false, GAP);
        acks.connected(a);
        acks.connected(b);
        acks.acked(a, 400);
        assertThat(p.admit(acks, 400)).isNotNull();
        acks.acked(b, 300);
        assertThat(p.admit(acks, 400)).isNull();
        assertThat(p.replicatedTo(acks, 400)).isEqualTo(300); // both must hold it
    }

    @Test
    void autoInSyncReplicasDegradesToTheMinimum() {
        SyncReplicationPolicy p = new SyncReplicationPolicy(3, 2, true, GAP);
        assertThat(p.neededAcks(2)).isEqualTo(2);
        assertThat(p.neededAcks(1)).isEqualTo(1);
        assertThat(p.neededAcks(0)).isEqualTo(1); // minInSyncReplicas 2 = master + one slave
        acks.connected(a);
        acks.acked(a, 10);
        assertThat(p.admit(acks, 10)).isNull();
        assertThat(p.replicatedTo(acks, 10)).isEqualTo(10);
    }

    @Test
    void confirmedFollowsTheAckedOffsetWhileInSync() {
        ReplicatedConfirmation c = new ReplicatedConfirmation(6000);
        c.waitAdmitted(0);
        c.appended(100, 0);
        assertThat(c.confirmed(100, -1, false, MS)).isZero();
        assertThat(c.confirmed(100, 60, false, 2 * MS)).isEqualTo(60);
        assertThat(c.confirmed(100, 40, false, 3 * MS)).isEqualTo(60); // never decreases
        assertThat(c.confirmed(100, 150, false, 4 * MS)).isEqualTo(100); // never past the local offset
    }

    @Test
    void timedOutPutIsShownAsMasterOnly() {
        ReplicatedConfirmation c = new ReplicatedConfirmation(6000);
        c.waitAdmitted(0);
        c.appended(100, 0);
        c.timedOut(100);
        assertThat(c.confirmed(100, -1, false, 3000 * MS)).isEqualTo(100);
    }

    @Test
    void degradedShowsLocalOnlyOnceNoWaitingPutCanBeLeft() {
        ReplicatedConfirmation c = new ReplicatedConfirmation(6000);
        c.appended(100, 0);
        assertThat(c.confirmed(100, -1, true, MS)).isEqualTo(100); // never waited: no slave, shown at once
        c.waitAdmitted(10 * MS);
        c.appended(200, 10 * MS);
        assertThat(c.confirmed(200, -1, true, 11 * MS)).isEqualTo(100); // a put may still wait for its slave
        assertThat(c.confirmed(200, -1, true, 6010 * MS)).isEqualTo(200);
    }

    @Test
    void bytesAreReleasedAfterTheReleaseTimeEvenWithAStalledSlave() {
        ReplicatedConfirmation c = new ReplicatedConfirmation(6000);
        c.waitAdmitted(0);
        c.appended(100, 0);
        c.appended(300, 5000 * MS);
        assertThat(c.confirmed(300, 50, false, 5999 * MS)).isEqualTo(50);
        assertThat(c.confirmed(300, 50, false, 6000 * MS)).isEqualTo(100);
        assertThat(c.confirmed(300, 50, false, 11_000 * MS)).isEqualTo(300);
        assertThat(ReplicatedConfirmation.releaseMillisFor(3000)).isEqualTo(6000);
        assertThat(ReplicatedConfirmation.releaseMillisFor(10)).isEqualTo(1010);
    }
}
