package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftStateStore.PersistentState;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Raft state file: golden bytes, atomic replacement, a leftover temp file, damage refused with a clear error. */
class FileRaftStateStoreTest {

    @TempDir
    Path dir;

    @Test
    void goldenBytes() {
        // CRC32C computed independently (bitwise, polynomial 0x82F63B78) over the first 20 bytes.
        assertThat(HexFormat.of().formatHex(RaftStateLayout.encode(new PersistentState(7, 2))))
            .isEqualTo("50525354" + "00000001" + "0000000000000007" + "00000002" + "4cf90c1d");
        assertThat(HexFormat.of().formatHex(RaftStateLayout.encode(PersistentState.INITIAL)))
            .isEqualTo("50525354" + "00000001" + "0000000000000000" + "ffffffff" + "b22cc696");
    }

    @Test
    void newStoreStartsAtTermZeroWithoutVote() {
        assertThat(new FileRaftStateStore(dir.resolve("raft")).load()).isEqualTo(PersistentState.INITIAL);
    }

    @Test
    void saveReplacesAndSurvivesReopen() throws IOException {
        FileRaftStateStore s = new FileRaftStateStore(dir);
        s.save(new PersistentState(3, 1));
        s.save(new PersistentState(4, -1));
        assertThat(new FileRaftStateStore(dir).load()).isEqualTo(new PersistentState(4, -1));
        assertThat(Files.readAllBytes(dir.resolve("state"))).hasSize(RaftStateLayout.SIZE);
        assertThat(Files.exists(dir.resolve("state.tmp"))).isFalse();
    }

    @Test
    void aTempFileOfACrashedSaveIsIgnored() throws IOException {
        FileRaftStateStore s = new FileRaftStateStore(dir);
        s.save(new PersistentState(5, 0));
        Files.write(dir.resolve("state.tmp"), new byte[] {1, 2, 3});
        assertThat(new FileRaftStateStore(dir).load()).isEqualTo(new PersistentState(5, 0));
        assertThat(Files.exists(dir.resolve("state.tmp"))).isFalse();
    }

    @Test
    void damageStopsTheNodeWithAnActionableMessage() throws IOException {
        new FileRaftStateStore(dir).save(new PersistentState(5, 0));
        byte[] b = Files.readAllBytes(dir.resolve("state"));
        b[9] ^= 1;
        Files.write(dir.resolve("state"), b);
        assertThatThrownBy(() -> new FileRaftStateStore(dir).load()).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("is damaged: CRC does not match").hasMessageContaining("restore the file");
    }

    @Property(tries = 200)
    void roundTrip(@ForAll @LongRange(min = 0) long term, @ForAll @IntRange(min = -1) int vote) {
        PersistentState s = new PersistentState(term, vote);
        assertThat(RaftStateLayout.decode(RaftStateLayout.encode(s))).isEqualTo(s);
    }

    @Property(tries = 300)
    void everyFlippedByteIsRefused(@ForAll @IntRange(min = 0, max = 23) int at, @ForAll @IntRange(min = 1, max = 255) int x) {
        byte[] b = RaftStateLayout.encode(new PersistentState(42, 1));
        b[at] ^= (byte) x;
        assertThatThrownBy(() -> RaftStateLayout.decode(b)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 100)
    void truncatedFilesAreRefused(@ForAll @IntRange(min = 0, max = 23) int length) {
        byte[] b = java.util.Arrays.copyOf(RaftStateLayout.encode(new PersistentState(1, 1)), length);
        assertThatThrownBy(() -> RaftStateLayout.decode(b)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("expected 24");
    }
}
