package dev.petrel.broker;

import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** SYNC_MASTER: a send is answered once a slave holds it; FLUSH_SLAVE_TIMEOUT and SLAVE_NOT_AVAILABLE otherwise. */
class SyncMasterTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aSendIsAnsweredOnlyOnceTheSlaveHoldsItsRecord() throws Exception {
        try (HaPair pair = new HaPair(dir, "SYNC_MASTER", Map.of(), Map.of())) {
            awaitInSync(pair);
            for (int i = 0; i < 200; i++) {
                RemotingCommand r = pair.master.send("SyncTopic", i % 2, "sync-" + i);
                long slaveMax = pair.slave.broker.store().commitLogMaxOffset();
                long masterMax = pair.master.broker.store().commitLogMaxOffset(); // this record's end: one sender
                assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
                assertThat(slaveMax).isGreaterThanOrEqualTo(masterMax);
            }
            assertThat(pair.commitLogsMatch()).isTrue();
        }
    }

    @Test
    void aSendIsAnsweredFlushSlaveTimeoutWhenTheSlaveStopsAcknowledging() throws Exception {
        try (HaPair pair = new HaPair(dir, "SYNC_MASTER", Map.of("slaveTimeout", "300"), Map.of())) {
            awaitInSync(pair);
            assertThat(pair.master.send("SyncTopic", 0, "acknowledged").code()).isEqualTo(ResponseCode.SUCCESS);
            // A second slave connection that reports once (so it counts as in sync) and then never again: with the
            // real slave stopped, the master's puts are admitted to wait and nobody acknowledges them.
            long max = pair.master.broker.store().commitLogMaxOffset();
            try (Socket stalled = new Socket()) {
                stalled.connect(new InetSocketAddress("127.0.0.1", pair.master.port + 1), 5000);
                OutputStream out = stalled.getOutputStream();
                out.write(ByteBuffer.allocate(8).putLong(max).array());
                out.flush();
                Await.until(WAIT, "stalled slave reported", () -> pair.masterReplication().acks().ackOffsets().length == 2
                    && pair.masterReplication().acks().ackedAtLeast(max) == 2);
                pair.slaveReplication().stopFollowing();
                Await.until(WAIT, "real slave gone", () -> pair.masterReplication().slaveConnections() == 1);
                Thread drain = drain(stalled.getInputStream());
                RemotingCommand r = pair.master.send("SyncTopic", 0, "not acknowledged");
                assertThat(r.code()).isEqualTo(ResponseCode.FLUSH_SLAVE_TIMEOUT);
                assertThat(r.remark()).contains("slaveTimeout 300 ms");
                assertThat(pair.master.broker.store().commitLogMaxOffset()).isGreaterThan(max); // stored all the same
                drain.interrupt();
            }
            Await.until(WAIT, "no slave left", () -> pair.masterReplication().slaveConnections() == 0);
            RemotingCommand none = pair.master.send("SyncTopic", 0, "no slave");
            assertThat(none.code()).isEqualTo(ResponseCode.SLAVE_NOT_AVAILABLE);
            assertThat(none.remark()).contains("no slave is connected");
        }
    }

    @Test
    void aSyncMasterWithoutSlaveAnswersSlaveNotAvailableAndStores() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("brokerRole", "SYNC_MASTER"))) {
            RemotingCommand r = f.send("SyncTopic", 0, "alone");
            assertThat(r.code()).isEqualTo(ResponseCode.SLAVE_NOT_AVAILABLE);
            assertThat(r.remark()).contains("no slave is connected");
            assertThat(r.extField("msgId")).isNotNull();
            Await.until(WAIT, "stored", () -> f.broker.store().maxOffsetInQueue("SyncTopic", 0) == 1);
        }
    }

    private static void awaitInSync(HaPair pair) {
        Await.until(WAIT, "slave reported", () -> pair.masterReplication().acks().inSync(0, 0) == 1);
    }

    /** Reads and drops what the master streams to the stalled connection, so its writes never block. */
    private static Thread drain(InputStream in) {
        Thread t = new Thread(() -> {
            byte[] b = new byte[8192];
            try {
                while (in.read(b) >= 0) {
                    // dropped
                }
            } catch (java.io.IOException e) {
                // closed
            }
        }, "test-drain");
        t.setDaemon(true);
        t.start();
        return t;
    }
}
