package dev.petrel.broker.ha;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Petrel master on real files serves its CommitLog over a real socket; the slave side is an in-memory log (the
 * store's replicated append is the seam's part). The slave's bytes equal the master's CommitLog file byte for byte.
 */
class StoreMasterReplicationTest {

    private static final int FILE = 1024 * 1024;
    private static final Host HOST = new Host(new byte[] {127, 0, 0, 1}, 10911);

    @TempDir
    Path dir;

    private LocalMessageStore store;
    private HaAcceptLoop master;
    private HaClientLoop slave;

    @AfterEach
    void close() throws Exception {
        if (slave != null) {
            slave.stop();
        }
        if (master != null) {
            master.stop();
        }
        if (store != null) {
            store.shutdown();
        }
    }

    @Test
    void slaveBytesEqualTheMastersCommitLog() throws Exception {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(FILE));
        store = LocalMessageStore.open(BrokerConfig.FILE.parse(raw, k -> {
            throw new IllegalArgumentException(k);
        }), Clock.system());
        store.start();
        HaConfig.Settings settings = HaConfig.Settings.of(HaConfig.DEF.defaults());
        master = new HaAcceptLoop(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            StoreReplication.source(store, FILE), new ReplicaAcks(), settings, Clock.system());
        master.open();
        MemoryLog s = new MemoryLog(FILE);
        slave = new HaClientLoop(s, settings, Clock.system(), new HaClientLoop.Backoff(50, 200));
        slave.setMasterAddress("127.0.0.1:" + master.port());
        slave.start();
        int n = 2000;
        for (int i = 0; i < n; i++) {
            PutResult r = store.putMessage(MessageDraft.builder().topic("TopicHA").queueId(i % 4)
                .body(("message-" + i).repeat(1 + i % 7).getBytes()).properties(Map.of("KEYS", "k" + i))
                .bornTimestamp(1_700_000_000_000L + i).bornHost(HOST).storeHost(HOST).build()).get();
            assertThat(r.isOk()).isTrue();
        }
        long max = store.commitLogMaxOffset();
        Await.until(Duration.ofSeconds(30), "slave caught up", () -> s.maxOffset() == max);
        byte[] file = Files.readAllBytes(dir.resolve("commitlog").resolve("00000000000000000000"));
        assertThat(s.start()).isZero();
        assertThat(s.bytes()).isEqualTo(Arrays.copyOf(file, (int) max));
    }
}
