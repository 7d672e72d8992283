package dev.petrel.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.NetworkException;
import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The client side of the orderly locks (flows.md §10), stepped with a manual clock against a scripted broker. */
class OrderlyLocksTest {

    static final MessageQueue A0 = new MessageQueue("T", "broker-a", 0);
    static final MessageQueue A1 = new MessageQueue("T", "broker-a", 1);
    static final MessageQueue B0 = new MessageQueue("T", "broker-b", 0);

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    final List<String> calls = new ArrayList<>();
    /** What the broker grants: everything but these. */
    final Set<MessageQueue> heldByOthers = new HashSet<>();
    boolean brokerDown;

    final OrderlyLocks.Calls broker = new OrderlyLocks.Calls() {
        @Override
        public Set<MessageQueue> lock(String address, LockBatchRequestBody body) {
            calls.add("lock " + address + " " + body.consumerGroup() + " " + body.clientId() + " " + body.mqSet().size());
            if (brokerDown) {
                throw new NetworkException(address, true, "no answer", null);
            }
            Set<MessageQueue> won = new HashSet<>(body.mqSet());
            won.removeAll(heldByOthers);
            return won;
        }

        @Override
        public void unlock(String address, UnlockBatchRequestBody body) {
            calls.add("unlock " + address + " " + body.mqSet());
        }
    };

    final OrderlyLocks locks = new OrderlyLocks(broker, Map.of("broker-a", "10.0.0.1:10911", "broker-b",
        "10.0.0.2:10911")::get, "og", "c1", clock, 30_000);

    @Test
    void aLockedQueueIsValidForThirtySecondsAfterTheLastSuccessfulLock() {
        assertThat(locks.isValid(A0)).isFalse();
        assertThat(locks.lock(A0)).isTrue();
        assertThat(calls).containsExactly("lock 10.0.0.1:10911 og c1 1");
        clock.advance(30_000, TimeUnit.MILLISECONDS);
        assertThat(locks.isValid(A0)).isTrue();
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertThat(locks.isValid(A0)).as("not renewed for more than 30 s").isFalse();

        locks.lockAll(List.of(A0));
        assertThat(locks.isValid(A0)).isTrue();
    }

    @Test
    void renewalSendsOneRequestPerBrokerAndUnlocksWhatTheBrokerLeftOut() {
        locks.lock(A0);
        locks.lock(A1);
        locks.lock(B0);
        calls.clear();
        heldByOthers.add(A1);
        locks.lockAll(List.of(A0, A1, B0));
        assertThat(calls).containsExactly("lock 10.0.0.1:10911 og c1 2", "lock 10.0.0.2:10911 og c1 1");
        assertThat(locks.isValid(A0)).isTrue();
        assertThat(locks.isValid(A1)).as("another member holds it now").isFalse();
        assertThat(locks.isValid(B0)).isTrue();
        assertThat(locks.locked()).containsExactly(A0, B0);
    }

    @Test
    void aFailedRenewalChangesNothingUntilTheLockLapses() {
        locks.lock(A0);
        clock.advance(20, TimeUnit.SECONDS);
        brokerDown = true;
        locks.lockAll(List.of(A0));
        assertThat(locks.isValid(A0)).isTrue();
        clock.advance(11, TimeUnit.SECONDS);
        assertThat(locks.isValid(A0)).isFalse();
        assertThat(locks.lock(A0)).isFalse();
        brokerDown = false;
        assertThat(locks.lock(A0)).isTrue();
        assertThat(locks.isValid(A0)).isTrue();
    }

    @Test
    void aQueueHeldByAnotherMemberIsNotLocked() {
        heldByOthers.add(A0);
        assertThat(locks.lock(A0)).isFalse();
        assertThat(locks.isValid(A0)).isFalse();
    }

    @Test
    void aBrokerWithoutMasterCannotLock() {
        OrderlyLocks noMaster = new OrderlyLocks(broker, b -> null, "og", "c1", clock, 30_000);
        assertThat(noMaster.lock(A0)).isFalse();
        assertThat(calls).isEmpty();
    }

    @Test
    void unlockingSendsOneRequestPerBrokerAndForgetsTheQueues() {
        locks.lock(A0);
        locks.lock(A1);
        locks.lock(B0);
        calls.clear();
        locks.unlockAll(List.of(A1, A0, B0));
        assertThat(calls).containsExactly("unlock 10.0.0.1:10911 [" + A0 + ", " + A1 + "]",
            "unlock 10.0.0.2:10911 [" + B0 + "]");
        assertThat(locks.isValid(A0)).isFalse();
        assertThat(locks.locked()).isEmpty();
    }
}
