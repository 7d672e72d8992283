package dev.petrel.broker.ha;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The slave's reassembly, as a property: a master's CommitLog (several files, each ending with a blank record) cut into
 * frames at arbitrary byte positions (records split anywhere, blank headers and their filler in arbitrary pieces),
 * with reconnects in between, reaches a real slave store byte for byte.
 */
class RecordReassemblerTest {

    private static final int FILE = 64 * 1024;
    private static final Host HOST = new Host(new byte[] {127, 0, 0, 1}, 10911);

    @TempDir
    static Path dir;

    private static LocalMessageStore master;
    private static byte[] log;

    @BeforeAll
    static void writeMaster() {
        master = LocalMessageStore.open(config(dir.resolve("master")), Clock.system());
        master.start();
        Random random = new Random(42);
        for (int i = 0; i < 600; i++) {
            byte[] body = new byte[1 + random.nextInt(3000)];
            random.nextBytes(body);
            assertThat(master.putMessage(MessageDraft.builder().topic("Reassembly").queueId(i % 3).body(body)
                .properties(Map.of("KEYS", "k" + i)).bornTimestamp(1_700_000_000_000L + i).bornHost(HOST)
                .storeHost(HOST).build()).join().isOk()).isTrue();
        }
        long max = master.commitLogMaxOffset();
        assertThat(max).isGreaterThan(4L * FILE);
        log = new byte[(int) max];
        long at = 0;
        while (at < max) {
            StoredRecord r = master.readForReplication(at, FILE);
            ByteBuffer b = r.buffer();
            int n = b.remaining();
            b.get(log, (int) at, n);
            r.release();
            at += n;
        }
    }

    @AfterAll
    static void close() {
        master.shutdown();
    }

    private static Config config(Path root) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", root.toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(FILE));
        raw.put("mappedFileSizeConsumeQueue", "6000");
        return BrokerConfig.FILE.parse(raw, k -> {
            throw new IllegalArgumentException(k);
        });
    }

    @Test
    void framesCutAnywhereReachTheStoreByteForByte() throws Exception {
        for (int seed = 0; seed < 12; seed++) {
            Random random = new Random(seed);
            LocalMessageStore slave = LocalMessageStore.open(config(dir.resolve("slave-" + seed)), Clock.system());
            slave.setRole(StoreRole.SLAVE);
            slave.start();
            try {
                RecordReassembler sink = StoreReplication.sink(slave, FILE, 8 * 1024);
                int reconnects = 0;
                long next = 0;
                while (slave.commitLogMaxOffset() < log.length) {
                    if (random.nextInt(40) == 0) { // a reconnect: held-back bytes are dropped, the stream resumes
                        sink.connected();
                        next = sink.maxOffset();
                        reconnects++;
                    }
                    long fileEnd = next - next % FILE + FILE;
                    int size = (int) Math.min(Math.min(fileEnd - next, log.length - next), frameSize(random));
                    assertThat(sink.streamOffset()).isEqualTo(next);
                    sink.appendReplicated(next, ByteBuffer.wrap(log, (int) next, size));
                    next += size;
                    assertThat(sink.maxOffset()).isLessThanOrEqualTo(next);
                    assertThat(sink.streamOffset()).isEqualTo(next);
                }
                assertThat(slave.commitLogMaxOffset()).isEqualTo(log.length);
                assertThat(sink.heldBytes()).isZero();
                assertThat(copy(slave)).as("seed %d, %d reconnects", seed, reconnects).isEqualTo(log);
                // the slave's ConsumeQueues are built from the stream by its dispatcher, which may lag the append
                // (run 41 read 0 at once): every message indexed, in time
                Await.until(Duration.ofSeconds(60), "seed " + seed + ": the slave's queues hold all 600 messages",
                    () -> slave.maxOffsetInQueue("Reassembly", 0) + slave.maxOffsetInQueue("Reassembly", 1)
                        + slave.maxOffsetInQueue("Reassembly", 2) == 600);
            } finally {
                slave.shutdown();
            }
        }
    }

    /** Mostly small frames (many splits, 8-byte headers cut too), some large ones (whole records, whole fillers). */
    private static int frameSize(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> 1 + random.nextInt(12);
            case 1 -> 1 + random.nextInt(600);
            case 2 -> 1 + random.nextInt(5000);
            default -> 1 + random.nextInt(32 * 1024);
        };
    }

    private static byte[] copy(LocalMessageStore store) {
        long max = store.commitLogMaxOffset();
        byte[] out = new byte[(int) max];
        long at = 0;
        while (at < max) {
            StoredRecord r = store.readForReplication(at, FILE);
            ByteBuffer b = r.buffer();
            int n = b.remaining();
            b.get(out, (int) at, n);
            r.release();
            at += n;
        }
        return out;
    }

    @Test
    void aHeaderClaimingMoreThanTheLimitIsRefusedBeforeAnythingIsHeld() {
        List<Long> appended = new ArrayList<>();
        RecordReassembler sink = new RecordReassembler(new RecordReassembler.Target() {
            @Override
            public long maxOffset() {
                return 0;
            }

            @Override
            public void append(long offset, ByteBuffer records) {
                appended.add(offset);
            }
        }, FILE, 4096);
        ByteBuffer huge = ByteBuffer.allocate(16);
        huge.putInt(0, 1 << 30).putInt(4, MessageRecordLayout.MAGIC_V1);
        assertThatThrownBy(() -> sink.appendReplicated(0, huge)).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("claims 1073741824 bytes");
        assertThat(sink.heldBytes()).isZero();
        ByteBuffer garbage = ByteBuffer.allocate(16);
        garbage.putInt(0, 200).putInt(4, 0x12345678);
        sink.connected();
        assertThatThrownBy(() -> sink.appendReplicated(0, garbage)).isInstanceOf(IOException.class)
            .hasMessageContaining("magic 0x12345678");
        assertThat(appended).isEmpty();
    }
}
