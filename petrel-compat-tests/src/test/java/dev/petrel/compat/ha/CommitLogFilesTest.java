package dev.petrel.compat.ha;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.MessageRecordLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The comparison helper of the HA tests, on hand-made CommitLog files of 4 KiB. */
class CommitLogFilesTest {

    private static final int FILE = 4096;

    @TempDir
    Path dir;

    /**
     * Files 0 and 4096 (or only 4096): records of 100 bytes, file 0 closed by a blank marker after 40, file 4096
     * holding {@code recordsInSecond}.
     */
    private Path log(String name, long firstFile, int recordsInSecond) throws IOException {
        Path d = Files.createDirectories(dir.resolve(name));
        for (long base = firstFile; base <= FILE; base += FILE) {
            Random random = new Random(base); // the same bytes for a file's offset in every log
            ByteBuffer buf = ByteBuffer.allocate(FILE);
            int records = base == 0 ? 40 : recordsInSecond;
            int pos = 0;
            for (int i = 0; i < records; i++) {
                byte[] body = new byte[100];
                random.nextBytes(body);
                buf.put(pos, body);
                buf.putInt(pos + MessageRecordLayout.TOTAL_SIZE, 100);
                buf.putInt(pos + MessageRecordLayout.MAGIC, MessageRecordLayout.MAGIC_V1);
                pos += 100;
            }
            if (base == 0) {
                buf.putInt(pos + MessageRecordLayout.TOTAL_SIZE, FILE - pos);
                buf.putInt(pos + MessageRecordLayout.MAGIC, MessageRecordLayout.BLANK_MAGIC);
            }
            Files.write(d.resolve(String.format("%020d", base)), buf.array());
        }
        return d;
    }

    @Test
    void theDataEndIsAfterTheLastWholeRecordAcrossABlankMarkedFileEnd() throws IOException {
        CommitLogFiles log = CommitLogFiles.of(log("a", 0, 7));

        assertThat(log.firstOffset()).isZero();
        assertThat(log.dataEnd()).isEqualTo(FILE + 700);
    }

    @Test
    void equalLogsHaveNoDifferenceAndAFlippedByteIsFoundAtItsOffset() throws IOException {
        CommitLogFiles a = CommitLogFiles.of(log("a", 0, 7));
        Path bDir = log("b", 0, 7);
        assertThat(CommitLogFiles.firstDifference(a, CommitLogFiles.of(bDir), 0, FILE + 700)).isEqualTo(-1);

        Path second = bDir.resolve(String.format("%020d", FILE));
        byte[] bytes = Files.readAllBytes(second);
        bytes[321] ^= 1;
        Files.write(second, bytes);
        CommitLogFiles b = CommitLogFiles.of(bDir);

        assertThat(CommitLogFiles.firstDifference(a, b, 0, FILE + 700)).isEqualTo(FILE + 321);
        assertThat(CommitLogFiles.firstDifference(a, b, 0, FILE + 321)).as("the range ends before it").isEqualTo(-1);
        assertThat(CommitLogFiles.describeDifference(a, b, FILE + 321)).contains("00000000000000004096@321");
    }

    @Test
    void aLogStartingAtALaterFileIsComparedFromThereAndMissingBytesDiffer() throws IOException {
        CommitLogFiles master = CommitLogFiles.of(log("master", 0, 7));
        CommitLogFiles slave = CommitLogFiles.of(log("slave", FILE, 5));

        assertThat(slave.firstOffset()).isEqualTo(FILE);
        assertThat(slave.dataEnd()).isEqualTo(FILE + 500);
        assertThat(CommitLogFiles.firstDifference(master, slave, FILE, FILE + 500)).isEqualTo(-1);
        // The master's sixth record starts 00 00 00 64 (TOTALSIZE 100): its fourth byte is the first to differ.
        assertThat(CommitLogFiles.firstDifference(master, slave, FILE, FILE + 700)).as("the slave's zeros")
            .isEqualTo(FILE + 503);
        assertThat(CommitLogFiles.firstDifference(master, slave, 0, FILE)).as("no file for it on the slave")
            .isZero();
    }
}
