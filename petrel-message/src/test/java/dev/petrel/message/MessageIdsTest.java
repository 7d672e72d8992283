package dev.petrel.message;

import dev.petrel.common.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessageIdsTest {

    @Test
    void offsetMsgIdExampleFromTheReference() {
        Host h = new Host(new byte[] {(byte) 192, (byte) 168, 0, 1}, 10911);
        assertThat(OffsetMessageId.encode(h, 0x1234)).isEqualTo("C0A8000100002A9F0000000000001234");
        OffsetMessageId id = OffsetMessageId.decode("C0A8000100002A9F0000000000001234");
        assertThat(id.storeHost()).isEqualTo(h);
        assertThat(id.physicalOffset()).isEqualTo(0x1234);
    }

    @Test
    void offsetMsgIdIpv6() {
        byte[] a = new byte[16];
        a[15] = 1;
        Host h = new Host(a, 10911);
        String s = OffsetMessageId.encode(h, Long.MAX_VALUE);
        assertThat(s).hasSize(56).isEqualTo("00000000000000000000000000000001" + "00002A9F" + "7FFFFFFFFFFFFFFF");
        assertThat(OffsetMessageId.decode(s)).isEqualTo(new OffsetMessageId(h, Long.MAX_VALUE));
    }

    @Test
    void offsetMsgIdRejectsBadInput() {
        assertThatThrownBy(() -> OffsetMessageId.decode("ABC")).isInstanceOf(MessageFormatException.class);
        assertThatThrownBy(() -> OffsetMessageId.decode("G".repeat(32))).isInstanceOf(MessageFormatException.class);
    }

    @Test
    void uniqKeyLayout() {
        // 2026-11-01T00:00:00Z is the month start; the clock is 1 h 2.5 s later.
        long monthStart = java.time.ZonedDateTime.of(2026, 11, 1, 0, 0, 0, 0, ZoneOffset.UTC).toInstant().toEpochMilli();
        ManualClock clock = new ManualClock(monthStart + 3_602_500);
        UniqueIdGenerator gen = new UniqueIdGenerator(clock, ZoneOffset.UTC, new byte[] {10, 1, 2, 3}, 0x12345, 0xCAFEBABE);
        String first = gen.next();
        assertThat(first).isEqualTo("0A010203" + "2345" + "CAFEBABE" + "0036F844" + "0000");
        assertThat(gen.next()).isEqualTo("0A010203" + "2345" + "CAFEBABE" + "0036F844" + "0001");
        // the month rolls over: time restarts from the new month's start
        clock.setMillis(java.time.ZonedDateTime.of(2026, 12, 1, 0, 0, 1, 0, ZoneOffset.UTC).toInstant().toEpochMilli());
        assertThat(gen.next()).isEqualTo("0A010203" + "2345" + "CAFEBABE" + "000003E8" + "0002");
    }

    @Test
    void uniqKeysAreDistinctAcrossThreads() throws Exception {
        ManualClock clock = new ManualClock(0);
        UniqueIdGenerator gen = new UniqueIdGenerator(clock, ZoneOffset.UTC, new byte[4], 1, 1);
        Set<String> ids = java.util.concurrent.ConcurrentHashMap.newKeySet();
        Thread[] ts = new Thread[4];
        for (int t = 0; t < ts.length; t++) {
            ts[t] = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    ids.add(gen.next());
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join(TimeUnit.SECONDS.toMillis(30));
        }
        assertThat(ids).hasSize(40_000);
        assertThat(new HashSet<>(ids).iterator().next()).hasSize(32);
    }

    @Test
    void tagCode() {
        assertThat(TagCode.of("TagA")).isEqualTo(2598919L);
        assertThat(TagCode.of(null)).isZero();
        assertThat(TagCode.of("")).isZero();
        assertThat(TagCode.of("polygenelubricants")).isEqualTo((long) Integer.MIN_VALUE);
    }
}
