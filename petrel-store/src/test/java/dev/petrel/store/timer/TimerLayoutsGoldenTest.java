package dev.petrel.store.timer;

import dev.petrel.message.Hex;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.zip.CRC32;

import static org.assertj.core.api.Assertions.assertThat;

/** Golden bytes of the timer's three disk formats: log entry, slot, checkpoint. */
class TimerLayoutsGoldenTest {

    @Test
    void logEntry() {
        ByteBuffer b = ByteBuffer.allocate(64);
        TimerLogLayout.encode(b, 0, -1, 0x1234, 230, 1_700_000_002_500L, TimerLogLayout.KIND_MESSAGE);
        TimerLogLayout.encode(b, 32, 0, 0x0102030405L, 0x7F, 0x18BCFE56800L, TimerLogLayout.KIND_CANCEL);
        assertThat(Hex.encode(Arrays.copyOf(b.array(), 32))).isEqualTo(
            "FFFFFFFFFFFFFFFF" + "0000000000001234" + "000000E6" + "0000018BCFE571C4" + "00000001");
        assertThat(Hex.encode(Arrays.copyOfRange(b.array(), 32, 64))).isEqualTo(
            "0000000000000000" + "0000000102030405" + "0000007F" + "0000018BCFE56800" + "00000002");
        TimerLogLayout.Entry e = TimerLogLayout.decode(b, 32, 32);
        assertThat(e).isEqualTo(new TimerLogLayout.Entry(32, 0, 0x0102030405L, 0x7F, 0x18BCFE56800L, 2));
        assertThat(e.isCancel()).isTrue();
        assertThat(TimerLogLayout.isValid(e)).isTrue();
        // a chain link must point backwards: the same bytes read at position 0 are not an entry
        assertThat(TimerLogLayout.isValid(TimerLogLayout.decode(b, 32, 0))).isFalse();
        assertThat(TimerLogLayout.isValid(TimerLogLayout.decode(ByteBuffer.allocate(32), 0, 64))).isFalse();
    }

    @Test
    void slot() {
        ByteBuffer b = ByteBuffer.allocate(2 * TimerSlotLayout.SLOT_SIZE);
        TimerSlotLayout.encode(b, 1, 1_700_000_002_000L, 0x40, 0x1234, 3, TimerSlotLayout.FLAG_HAS_CANCELS);
        assertThat(Hex.encode(Arrays.copyOf(b.array(), 32))).isEqualTo("00".repeat(32));
        assertThat(Hex.encode(Arrays.copyOfRange(b.array(), 32, 64))).isEqualTo(
            "0000018BCFE56FD0" + "0000000000000040" + "0000000000001234" + "00000003" + "00000001");
        assertThat(TimerSlotLayout.decode(b, 1))
            .isEqualTo(new TimerSlotLayout.Slot(1_700_000_002_000L, 0x40, 0x1234, 3, 1));
    }

    @Test
    void checkpointCopies() {
        ByteBuffer b = ByteBuffer.allocate(TimerCheckpointLayout.FILE_SIZE);
        TimerCheckpointLayout.Values v = new TimerCheckpointLayout.Values(7, 0x11, 1_700_000_000_000L, 0x60, 0x2A0,
            1000, 216_000);
        TimerCheckpointLayout.encode(b, 1, v);
        assertThat(Hex.encode(Arrays.copyOf(b.array(), 512))).isEqualTo("00".repeat(512));
        byte[] copy = Arrays.copyOfRange(b.array(), 512, 576);
        assertThat(Hex.encode(Arrays.copyOf(copy, 60))).isEqualTo(
            "54494D52" + "00000001" + "0000000000000007" + "0000000000000011" + "0000018BCFE56800"
                + "0000000000000060" + "00000000000002A0" + "000003E8" + "00034BC0" + "00000000");
        CRC32 crc = new CRC32();
        crc.update(copy, 0, 60);
        assertThat(ByteBuffer.wrap(copy, 60, 4).getInt()).isEqualTo((int) crc.getValue());
        assertThat(TimerCheckpointLayout.decode(b)).isEqualTo(v);

        // the newer valid copy wins; a torn newer copy leaves the older one
        TimerCheckpointLayout.Values older = new TimerCheckpointLayout.Values(6, 0x10, 1_700_000_000_000L, 0x40, 0x200,
            1000, 216_000);
        TimerCheckpointLayout.encode(b, 0, older);
        assertThat(TimerCheckpointLayout.decode(b)).isEqualTo(v);
        b.put(512 + TimerCheckpointLayout.ENQUEUED_OFFSET, (byte) 1);
        assertThat(TimerCheckpointLayout.decode(b)).isEqualTo(older);
        assertThat(TimerCheckpointLayout.decode(ByteBuffer.allocate(TimerCheckpointLayout.FILE_SIZE))).isNull();
    }
}
