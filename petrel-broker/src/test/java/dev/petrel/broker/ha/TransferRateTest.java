package dev.petrel.broker.ha;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TransferRateTest {

    @Test
    void reportsTheLastWholeSecond() {
        TransferRate r = new TransferRate(10_000);
        r.add(100, 10_100);
        r.add(50, 10_900);
        assertThat(r.perSecond(10_999)).isZero(); // the first second is not over
        assertThat(r.perSecond(11_000)).isEqualTo(150);
        r.add(7, 11_500);
        assertThat(r.perSecond(11_999)).isEqualTo(150);
        assertThat(r.perSecond(12_001)).isEqualTo(7);
        assertThat(r.perSecond(13_000)).isZero(); // a second without transfers
    }

    @Test
    void aLongPauseForgetsTheOldWindow() {
        TransferRate r = new TransferRate(0);
        r.add(500, 10);
        assertThat(r.perSecond(5_500)).isZero();
        r.add(3, 5_600);
        assertThat(r.perSecond(6_000)).isEqualTo(3);
    }
}
