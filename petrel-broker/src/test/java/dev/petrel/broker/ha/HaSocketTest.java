package dev.petrel.broker.ha;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** The HA acceptor and client over real sockets on 127.0.0.1, with in-memory logs. */
class HaSocketTest {

    private static final int FILE = 64 * 1024;
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final HaConfig.Settings settings = HaConfig.Settings.of(HaConfig.DEF.defaults());
    private final ReplicaAcks acks = new ReplicaAcks();
    private HaAcceptLoop master;
    private HaClientLoop slave;

    @AfterEach
    void stop() throws Exception {
        if (slave != null) {
            slave.stop();
        }
        if (master != null) {
            master.stop();
        }
    }

    private HaAcceptLoop startMaster(MemoryLog log, int port) throws Exception {
        HaAcceptLoop m = new HaAcceptLoop(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), log, acks,
            settings, Clock.system());
        m.open();
        return m;
    }

    private HaClientLoop startSlave(MemoryLog log, int port) {
        HaClientLoop c = new HaClientLoop(log, settings, Clock.system(), new HaClientLoop.Backoff(50, 200));
        c.setMasterAddress("127.0.0.1:" + port);
        c.start();
        return c;
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void emptySlaveReplicatesTheMastersLastFileAndFollowsNewBytes() throws Exception {
        MemoryLog m = new MemoryLog(FILE);
        m.append(0, random(2 * FILE + 1000, 1));
        master = startMaster(m, 0);
        MemoryLog s = new MemoryLog(FILE);
        slave = startSlave(s, master.port());
        Await.until(WAIT, "slave caught up", () -> s.maxOffset() == m.maxOffset());
        assertThat(s.start()).isEqualTo(2L * FILE); // Apache: an empty slave starts at the master's last file
        m.append(0, random(100_000, 2)); // crosses into the next file: frames stop at the file end
        master.wakeWriters();
        Await.until(WAIT, "slave caught up again", () -> s.maxOffset() == m.maxOffset());
        byte[] all = m.bytes();
        assertThat(s.bytes()).isEqualTo(Arrays.copyOfRange(all, 2 * FILE, all.length));
        Await.until(WAIT, "master saw the ack", () -> acks.maxAcked() == m.maxOffset());
        assertThat(acks.connections()).isEqualTo(1);
    }

    @Test
    void slaveResumesFromItsOffsetAfterTheMasterRestarts() throws Exception {
        MemoryLog m = new MemoryLog(FILE);
        m.append(0, random(5000, 3));
        master = startMaster(m, 0);
        int port = master.port();
        MemoryLog s = new MemoryLog(FILE);
        slave = startSlave(s, port);
        Await.until(WAIT, "first copy", () -> s.maxOffset() == 5000);
        master.stop();
        Await.until(WAIT, "slave noticed", () -> !slave.isConnected());
        m.append(0, random(7000, 4));
        master = startMaster(m, port);
        Await.until(WAIT, "slave resumed", () -> s.maxOffset() == 12_000);
        assertThat(s.bytes()).isEqualTo(m.bytes());
    }

    @Test
    void garbageAfterAValidFrameIsRefusedAndTheSlaveKeepsWhatItHad() throws Exception {
        byte[] good = random(300, 5);
        try (ServerSocket fake = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            MemoryLog s = new MemoryLog(FILE);
            slave = startSlave(s, fake.getLocalPort());
            try (Socket c = fake.accept()) {
                assertThat(c.getInputStream().readNBytes(8)).isEqualTo(new byte[8]); // the empty slave's report
                OutputStream out = c.getOutputStream();
                ByteBuffer f = ByteBuffer.allocate(12 + 300).putLong(0).putInt(300).put(good);
                out.write(f.array());
                out.write(ByteBuffer.allocate(12).putLong(1234).putInt(10).array()); // not at the slave's max offset
                out.flush();
                Await.until(WAIT, "refused", () -> slave.refusedStreams() == 1);
            }
            assertThat(s.bytes()).isEqualTo(good);
            try (Socket c = fake.accept()) { // reconnects and reports what it kept
                assertThat(ByteBuffer.wrap(c.getInputStream().readNBytes(8)).getLong()).isEqualTo(300);
                OutputStream out = c.getOutputStream();
                out.write(ByteBuffer.allocate(12 + 4).putLong(300).putInt(100).putInt(7).array()); // torn: 4 of 100
                out.flush();
            }
            Await.until(WAIT, "torn frame refused", () -> slave.refusedStreams() == 2);
            assertThat(s.bytes()).isEqualTo(good);
            try (Socket c = fake.accept()) {
                assertThat(ByteBuffer.wrap(c.getInputStream().readNBytes(8)).getLong()).isEqualTo(300);
                c.getOutputStream().write(ByteBuffer.allocate(12).putLong(300).putInt(Integer.MAX_VALUE).array());
                c.getOutputStream().flush();
                Await.until(WAIT, "huge frame refused", () -> slave.refusedStreams() == 3);
            }
            assertThat(s.bytes()).isEqualTo(good);
        }
    }

    @Test
    void masterRefusesASlaveAheadOfIt() throws Exception {
        MemoryLog m = new MemoryLog(FILE);
        m.append(0, random(100, 6));
        master = startMaster(m, 0);
        try (Socket c = new Socket(InetAddress.getLoopbackAddress(), master.port())) {
            c.getOutputStream().write(OffsetReportCodec.encode(5000));
            c.getOutputStream().flush();
            assertThat(c.getInputStream().read()).isEqualTo(-1); // closed without a frame
        }
        Await.until(WAIT, "connection forgotten", () -> acks.connections() == 0);
    }

    @Test
    void haListenPortDefaultsToListenPortPlusOne() {
        assertThat(settings.haPort(10911)).isEqualTo(10912);
        Config c = HaConfig.DEF.defaults().with(HaConfig.HA_LISTEN_PORT, 20000);
        assertThat(HaConfig.Settings.of(c).haPort(10911)).isEqualTo(20000);
    }
}
