package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The accounting rules of one queue, case by case, with time given by hand. */
class QueueLedgerTest {

    private static final long GRACE = 1_000;

    private final QueueLedger ledger = new QueueLedger(64, GRACE);

    /** Sends the next number and acknowledges it at {@code at}; returns it. */
    private long ackNext(long at) {
        long seq = ledger.beginAttempt();
        ledger.acknowledged(seq, at);
        return seq;
    }

    @Test
    void anAcknowledgedMessageReceivedInTimeIsNeitherPendingNorLost() {
        long seq = ackNext(100);
        assertThat(ledger.counts().pending()).isEqualTo(1);
        assertThat(ledger.received(seq)).isEqualTo(QueueLedger.Receipt.FIRST);
        assertThat(ledger.expire(100 + GRACE * 10)).isZero();
        CanaryReport.Counts c = ledger.counts();
        assertThat(c.sent()).isEqualTo(1);
        assertThat(c.acked()).isEqualTo(1);
        assertThat(c.received()).isEqualTo(1);
        assertThat(c.pending()).isZero();
        assertThat(c.lost()).isZero();
    }

    @Test
    void lostExactlyWhenTheGracePeriodHasPassedSinceTheAcknowledgement() {
        ackNext(100);
        assertThat(ledger.expire(100 + GRACE - 1)).isZero();
        assertThat(ledger.counts().pending()).isEqualTo(1);
        assertThat(ledger.expire(100 + GRACE)).isEqualTo(1);
        assertThat(ledger.counts().lost()).isEqualTo(1);
        assertThat(ledger.counts().pending()).isZero();
        assertThat(ledger.expire(100 + GRACE * 5)).as("counted once").isZero();
    }

    @Test
    void aGapIsNotALoss() {
        long first = ackNext(100);
        long second = ackNext(110);
        assertThat(ledger.received(second)).isEqualTo(QueueLedger.Receipt.FIRST);
        assertThat(ledger.expire(100 + GRACE - 1)).isZero();
        assertThat(ledger.received(first)).as("late but within grace").isEqualTo(QueueLedger.Receipt.FIRST);
        assertThat(ledger.expire(100 + GRACE * 2)).isZero();
        assertThat(ledger.counts().outOfOrder()).isEqualTo(1);
        assertThat(ledger.counts().lost()).isZero();
    }

    @Test
    void onlyTheExpiredOnesOfARunOfUnreceivedMessagesAreLost() {
        ackNext(100);
        ackNext(200);
        ackNext(300);
        assertThat(ledger.expire(200 + GRACE)).isEqualTo(2);
        assertThat(ledger.counts().pending()).isEqualTo(1);
        assertThat(ledger.expire(300 + GRACE)).isEqualTo(1);
        assertThat(ledger.counts().lost()).isEqualTo(3);
    }

    @Test
    void aLostMessageThatArrivesAfterAllIsLateAndStaysLost() {
        long seq = ackNext(100);
        ledger.expire(100 + GRACE);
        assertThat(ledger.received(seq)).isEqualTo(QueueLedger.Receipt.FIRST);
        CanaryReport.Counts c = ledger.counts();
        assertThat(c.lost()).isEqualTo(1);
        assertThat(c.late()).isEqualTo(1);
        assertThat(c.pending()).isZero();
        assertThat(c.received()).isEqualTo(1);
    }

    @Test
    void everyFurtherReceiptIsADuplicateAndNeverOutOfOrder() {
        long a = ackNext(1);
        long b = ackNext(2);
        ledger.received(a);
        ledger.received(b);
        assertThat(ledger.received(a)).isEqualTo(QueueLedger.Receipt.DUPLICATE);
        assertThat(ledger.received(a)).isEqualTo(QueueLedger.Receipt.DUPLICATE);
        assertThat(ledger.received(b)).isEqualTo(QueueLedger.Receipt.DUPLICATE);
        CanaryReport.Counts c = ledger.counts();
        assertThat(c.duplicated()).isEqualTo(3);
        assertThat(c.outOfOrder()).isZero();
        assertThat(c.received()).isEqualTo(2);
    }

    @Test
    void aFailedAttemptIsRetriedWithTheSameNumberAndAStoredFailureThenArrivesTwice() {
        long seq = ledger.beginAttempt();
        ledger.attemptFailed(seq); // the broker stored it, then died before answering
        assertThat(ledger.nextSequence()).isEqualTo(seq);
        assertThat(ledger.beginAttempt()).isEqualTo(seq);
        ledger.acknowledged(seq, 50);
        ledger.received(seq);
        ledger.received(seq);
        CanaryReport.Counts c = ledger.counts();
        assertThat(c.sent()).isEqualTo(1);
        assertThat(c.attempts()).isEqualTo(2);
        assertThat(c.failedAttempts()).isEqualTo(1);
        assertThat(c.duplicated()).isEqualTo(1);
        assertThat(ledger.nextSequence()).isEqualTo(seq + 1);
    }

    @Test
    void aMessageReceivedBeforeItsAcknowledgementIsNotPending() {
        long seq = ledger.beginAttempt();
        assertThat(ledger.received(seq)).isEqualTo(QueueLedger.Receipt.FIRST);
        ledger.acknowledged(seq, 10);
        assertThat(ledger.counts().pending()).isZero();
        assertThat(ledger.expire(10 + GRACE)).isZero();
        assertThat(ledger.counts().lost()).isZero();
    }

    @Test
    void anUnconfirmedSendIsNeverLostAndAnOpenOneNeverExpires() {
        long seq = ledger.beginAttempt();
        ledger.unconfirmed(seq);
        long open = ledger.beginAttempt();
        assertThat(ledger.expire(Long.MAX_VALUE / 2)).isZero();
        CanaryReport.Counts c = ledger.counts();
        assertThat(c.unconfirmed()).isEqualTo(1);
        assertThat(c.lost()).isZero();
        assertThat(c.acked()).isZero();
        assertThat(open).isEqualTo(seq + 1);
    }

    @Test
    void numbersOutsideTheWindowAreUnmatched() {
        QueueLedger small = new QueueLedger(4, GRACE);
        for (int i = 0; i < 6; i++) {
            long s = small.beginAttempt();
            small.acknowledged(s, 0);
            small.received(s);
        }
        assertThat(small.received(0)).as("pushed out of the window").isEqualTo(QueueLedger.Receipt.UNMATCHED);
        assertThat(small.received(6)).as("never sent").isEqualTo(QueueLedger.Receipt.UNMATCHED);
        assertThat(small.received(5)).isEqualTo(QueueLedger.Receipt.DUPLICATE);
        assertThat(small.counts().unmatched()).isEqualTo(2);
    }

    @Test
    void anUnreceivedNumberPushedOutOfAFullWindowCountsAsLost() {
        QueueLedger small = new QueueLedger(2, GRACE);
        for (int i = 0; i < 3; i++) {
            small.acknowledged(small.beginAttempt(), 0);
        }
        CanaryReport.Counts c = small.counts();
        assertThat(c.lost()).isEqualTo(1);
        assertThat(c.pending()).isEqualTo(2);
    }

    @Test
    void answersForAnythingButTheOpenNumberAreBugs() {
        long seq = ackNext(1);
        assertThatThrownBy(() -> ledger.acknowledged(seq, 2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> ledger.attemptFailed(seq + 1)).isInstanceOf(IllegalStateException.class);
    }
}
