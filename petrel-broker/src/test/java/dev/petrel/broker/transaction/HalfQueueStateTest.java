package dev.petrel.broker.transaction;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class HalfQueueStateTest {

    @Test
    void progressMovesPastDecidedOffsetsOnlyFromTheFront() {
        HalfQueueState s = new HalfQueueState(null);
        assertThat(s.markDone(1)).isTrue();
        s.advance(0);
        assertThat(s.halfOffset()).isZero();
        assertThat(s.markDone(0)).isTrue();
        s.advance(0);
        assertThat(s.halfOffset()).isEqualTo(2);
        assertThat(s.markDone(1)).as("a repeated decision").isFalse();
        assertThat(s.isDone(1)).isTrue();
        assertThat(s.pending(5)).isEqualTo(3);
    }

    @Test
    void checkpointRoundTripsThroughJson() {
        HalfQueueState s = new HalfQueueState(null);
        s.markDone(0);
        s.markDone(3);
        s.recordCheck(1);
        s.recordCheck(1);
        s.recordCheck(2);
        s.opOffset(9);
        s.advance(0);
        byte[] json = CheckpointCodec.encode(s.checkpoint());
        assertThat(new String(json, StandardCharsets.UTF_8))
            .isEqualTo("{\"checkTimes\":{\"1\":2,\"2\":1},\"done\":[3],\"halfOffset\":1,\"opOffset\":9}");
        HalfQueueState back = new HalfQueueState(CheckpointCodec.decode(json));
        assertThat(back.halfOffset()).isEqualTo(1);
        assertThat(back.checkTimes(1)).isEqualTo(2);
        assertThat(back.isDone(3)).isTrue();
        assertThat(back.isDone(2)).isFalse();
    }

    @Test
    void aCleanedQueueHeadMovesTheProgressToTheMinimum() {
        HalfQueueState s = new HalfQueueState(null);
        s.recordCheck(2);
        s.advance(5);
        assertThat(s.halfOffset()).isEqualTo(5);
        assertThat(s.checkTimes(2)).isZero();
    }
}
