package dev.petrel.broker.ha;

import dev.petrel.common.time.Clock;
import dev.petrel.store.PutStatus;
import dev.petrel.store.gate.CommitGate;

/**
 * SYNC_MASTER's commit gate: wraps the local gate (flush mode) and confirms what the local gate confirmed <b>and</b>
 * enough slaves acknowledged, by the rules of {@link SyncReplicationPolicy} and {@link ReplicatedConfirmation}:
 * <ul>
 *   <li>{@link #admit()}: SLAVE_NOT_AVAILABLE at once when too few slaves are in sync (the record is still
 *   stored), else the put waits;</li>
 *   <li>{@link #confirmedOffset()}: min(local, what the needed slaves acknowledged), or later by the confirmation's
 *   release rules, so a put is answered PUT_OK only once a slave holds its record;</li>
 *   <li>a put not confirmed within {@code slaveTimeout} is answered FLUSH_SLAVE_TIMEOUT (stored on the master).</li>
 * </ul>
 * Slave acks move the confirmed offset: every {@link ReplicaAcks} change runs the store's {@code confirmedMoved}
 * (the dispatcher wakes). New bytes wake the HA writers ({@code wakeWriters}) so slaves get them at once.
 *
 * <p>Threading: called by appending threads, the dispatcher and the HA reader threads (through the acks); the
 * policy and confirmation state are guarded by this gate's monitor.
 */
public final class SyncMasterGate implements CommitGate {

    private final CommitGate local;
    private final SyncReplicationPolicy policy;
    private final ReplicaAcks acks;
    private final ReplicatedConfirmation confirmation;
    private final Clock clock;
    private final long slaveTimeoutMillis;
    private final Runnable wakeWriters;
    private final Outcome timeout;
    private long appendedTo;

    /**
     * @param local       the store's gate of its flush mode
     * @param wakeWriters tells the HA connections that new bytes are readable
     */
    public SyncMasterGate(CommitGate local, SyncReplicationPolicy policy, ReplicaAcks acks, long slaveTimeoutMillis,
                          Clock clock, Runnable wakeWriters) {
        this.local = local;
        this.policy = policy;
        this.acks = acks;
        this.clock = clock;
        this.slaveTimeoutMillis = slaveTimeoutMillis;
        this.wakeWriters = wakeWriters;
        this.confirmation = new ReplicatedConfirmation(ReplicatedConfirmation.releaseMillisFor(slaveTimeoutMillis));
        this.timeout = new Outcome(PutStatus.FLUSH_SLAVE_TIMEOUT, "stored on the master, but no slave acknowledged it "
            + "within slaveTimeout " + slaveTimeoutMillis + " ms");
    }

    @Override
    public Outcome admit() {
        Outcome l = local.admit();
        if (l != null) {
            return l;
        }
        synchronized (this) {
            SyncReplicationPolicy.Refusal r = policy.admit(acks, Math.max(appendedTo, local.confirmedOffset()));
            if (r != null) {
                return new Outcome(PutStatus.SLAVE_NOT_AVAILABLE, r.reason());
            }
            confirmation.waitAdmitted(clock.nanos());
            return null;
        }
    }

    @Override
    public void appended(long endOffset) {
        synchronized (this) {
            appendedTo = Math.max(appendedTo, endOffset);
            confirmation.appended(endOffset, clock.nanos());
        }
        local.appended(endOffset);
        wakeWriters.run();
    }

    @Override
    public synchronized long confirmedOffset() {
        long l = local.confirmedOffset();
        long max = Math.max(appendedTo, l);
        long replicated = policy.replicatedTo(acks, max);
        boolean degraded = !policy.inSync(acks, max);
        return confirmation.confirmed(l, replicated, degraded, clock.nanos());
    }

    @Override
    public long timeoutMillis() {
        return slaveTimeoutMillis;
    }

    @Override
    public synchronized Outcome timedOut(long endOffset) {
        confirmation.timedOut(endOffset);
        return timeout;
    }

    @Override
    public void start(Runnable confirmedMoved) {
        local.start(confirmedMoved);
        acks.onChange(confirmedMoved);
    }

    @Override
    public synchronized void truncated(long offset) {
        local.truncated(offset);
        confirmation.truncated(offset);
        appendedTo = Math.min(appendedTo, offset);
    }

    @Override
    public void stop(boolean finish) throws InterruptedException {
        local.stop(finish);
    }
}
