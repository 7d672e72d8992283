package dev.petrel.broker.ha;

import dev.petrel.broker.ha.MasterStreamState.Close;
import dev.petrel.broker.ha.MasterStreamState.Heartbeat;
import dev.petrel.broker.ha.MasterStreamState.Idle;
import dev.petrel.broker.ha.MasterStreamState.Send;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MasterStreamStateTest {

    private static final int FILE = 1 << 20;
    private static final int BATCH = 32 * 1024;

    private final MasterStreamState s = new MasterStreamState(FILE, BATCH, 5000, 20_000, 0);

    @Test
    void nothingIsSentBeforeTheFirstReport() {
        assertThat(s.next(4999, 0, 100)).isInstanceOf(Idle.class);
        assertThat(s.next(19_000, 0, 100)).isInstanceOf(Idle.class);
        assertThat(s.nextOffset()).isEqualTo(-1);
    }

    @Test
    void emptySlaveStartsAtTheMastersLastFile() {
        s.onReport(0, 10, 3L * FILE + 500);
        assertThat(s.next(10, 0, 3L * FILE + 500)).isEqualTo(new Send(3L * FILE, 500));
    }

    @Test
    void framesAreBatchedAndStopAtFileEnds() {
        s.onReport(FILE - 40_000, 1, 2L * FILE);
        assertThat(s.next(1, 0, 2L * FILE)).isEqualTo(new Send(FILE - 40_000, BATCH));
        s.sent(FILE - 40_000, BATCH, 2);
        assertThat(s.next(2, 0, 2L * FILE)).isEqualTo(new Send(FILE - 40_000 + BATCH, 40_000 - BATCH));
        s.sent(FILE - 40_000 + BATCH, 40_000 - BATCH, 3);
        assertThat(s.next(3, 0, 2L * FILE)).isEqualTo(new Send(FILE, BATCH));
    }

    @Test
    void neverPastTheConfirmedOffset() {
        s.onReport(100, 1, 1000);
        assertThat(s.next(1, 0, 130)).isEqualTo(new Send(100, 30));
        s.sent(100, 30, 1);
        assertThat(s.next(2, 0, 130)).isEqualTo(new Idle(4999));
    }

    @Test
    void heartbeatAfterFiveQuietSeconds() {
        s.onReport(100, 0, 100);
        assertThat(s.next(4999, 0, 100)).isEqualTo(new Idle(1));
        assertThat(s.next(5000, 0, 100)).isEqualTo(new Heartbeat(100));
        s.sent(100, 0, 5000);
        assertThat(s.next(5001, 0, 100)).isEqualTo(new Idle(4999));
    }

    @Test
    void closesAfterTwentySecondsWithoutAReport() {
        s.onReport(100, 0, 100);
        assertThat(s.next(15_000, 0, 100)).isEqualTo(new Heartbeat(100));
        s.sent(100, 0, 15_000);
        assertThat(s.next(20_000, 0, 100)).isInstanceOf(Heartbeat.class);
        assertThat(s.next(20_001, 0, 100)).isInstanceOf(Close.class);
        s.onReport(100, 20_001, 100);
        assertThat(s.next(20_002, 0, 100)).isNotInstanceOf(Close.class);
    }

    @Test
    void slaveBelowTheMinOffsetIsRefused() {
        s.onReport(10, 0, 5L * FILE);
        Close c = (Close) s.next(0, 2L * FILE, 5L * FILE);
        assertThat(c.reason()).contains("below the master's min offset " + 2L * FILE).contains("rebuild");
    }

    @Test
    void slaveAheadOfTheMasterIsRefused() {
        s.onReport(500, 0, 400);
        assertThat(((Close) s.next(0, 0, 400)).reason()).contains("beyond the master's max offset 400");
    }

    @Test
    void ackFollowsTheLatestReport() {
        s.onReport(100, 0, 1000);
        s.onReport(600, 1, 1000);
        assertThat(s.ackedOffset()).isEqualTo(600);
        assertThat(s.next(1, 0, 1000)).isEqualTo(new Send(100, 900)); // the start stays the first report
    }
}
