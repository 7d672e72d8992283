package dev.petrel.broker.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A decision whose records are still being written is not yet a decision. Before the fix END_TRANSACTION marked the
 * offset decided before the store answered; if the check loop advanced the front past it meanwhile (and wrote that to
 * the checkpoint), a failed write could not undo it and the transaction was never checked again.
 */
class HalfQueueDecisionTest {

    @Test
    void theFrontDoesNotPassADecisionBeingWrittenAndAFailedWriteIsCheckedAgain() {
        HalfQueueState s = new HalfQueueState(null);
        assertThat(s.reserve(0)).isTrue();
        assertThat(s.reserve(0)).as("a repeated END_TRANSACTION while the first is written").isFalse();
        assertThat(s.isDone(0)).as("the check loop leaves it alone").isTrue();
        s.advance(0);
        assertThat(s.halfOffset()).as("not decided yet").isZero();
        assertThat(s.checkpoint().done()).isEmpty();

        s.release(0); // the store refused the commit
        assertThat(s.isDone(0)).as("open again: the check-back asks the producer").isFalse();
        assertThat(s.pending(1)).isEqualTo(1);
        assertThat(s.reserve(0)).as("a later decision may try again").isTrue();
        s.confirm(0);
        s.advance(0);
        assertThat(s.halfOffset()).isEqualTo(1);
        assertThat(s.reserve(0)).as("decided: repeats are ignored").isFalse();
    }

    @Test
    void anOpRecordReadBackDecidesAReservedOffset() {
        HalfQueueState s = new HalfQueueState(null);
        assertThat(s.reserve(2)).isTrue();
        assertThat(s.markDone(2)).isTrue();
        s.confirm(2);
        assertThat(s.isDone(2)).isTrue();
        assertThat(s.pending(3)).isEqualTo(2);
    }
}
