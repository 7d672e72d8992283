package dev.petrel.broker.ha;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SlaveFollowStateTest {

    private static final int FILE = 1 << 20;

    private final SlaveFollowState s = new SlaveFollowState(FILE, 5000, 20_000);

    @Test
    void reportsAtOnceAfterConnectingThenOnGrowthOrEveryFiveSeconds() {
        s.connected(1000);
        assertThat(s.reportDue(1000, 0)).isZero();
        s.reported(0, 1000);
        assertThat(s.reportDue(1001, 0)).isEqualTo(-1);
        assertThat(s.reportDue(1002, 300)).isEqualTo(300);
        s.reported(300, 1002);
        assertThat(s.reportDue(6001, 300)).isEqualTo(-1);
        assertThat(s.millisToNextReport(6001)).isEqualTo(1);
        assertThat(s.reportDue(6002, 300)).isEqualTo(300);
    }

    @Test
    void reconnectingReportsAgainAtOnce() {
        s.connected(0);
        s.reported(700, 0);
        s.connected(10);
        assertThat(s.reportDue(10, 700)).isEqualTo(700);
    }

    @Test
    void closesAfterTwentySecondsWithoutReading() {
        s.connected(0);
        s.read(5000);
        assertThat(s.expired(25_000)).isNull();
        assertThat(s.expired(25_001)).contains("nothing read from the master for 20001 ms");
    }

    @Test
    void frameMustContinueTheLocalLog() throws Exception {
        s.check(4096, 100, 4096);
        assertThatThrownBy(() -> s.check(4000, 100, 4096)).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("offset 4000 but the slave's max offset is 4096");
        assertThatThrownBy(() -> s.check(4000, 0, 4096)).isInstanceOf(HaProtocolException.class);
    }

    @Test
    void emptySlaveTakesDataOnlyAtAFileStart() throws Exception {
        s.check(3L * FILE, 10, 0);
        s.check(12_345, 0, 0); // a heartbeat names the master's position; nothing is written
        assertThatThrownBy(() -> s.check(12_345, 10, 0)).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("not a file start");
    }

    @Test
    void frameMayNotCrossAFileBoundary() throws Exception {
        s.check(FILE - 10, 10, FILE - 10);
        assertThatThrownBy(() -> s.check(FILE - 10, 11, FILE - 10)).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("crossing the end");
    }
}
