package dev.petrel.broker;

import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** GET_BROKER_HA_STATUS (907) on a classic master and its slave (two brokers, real HA sockets). */
class HaStatusTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static HaRuntimeInfo status(BrokerFixture broker) {
        RemotingCommand r;
        try {
            r = broker.call(RemotingCommand.request(RequestCode.GET_BROKER_HA_STATUS, null, null));
        } catch (dev.petrel.remoting.RemotingException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        return HaRuntimeInfo.CODEC.decode(r.body());
    }

    @Test
    void masterListsItsSlaveAndTheSlaveItsMaster() throws Exception {
        long before = System.currentTimeMillis();
        try (HaPair pair = new HaPair(dir, "SYNC_MASTER", Map.of(), Map.of())) {
            Await.until(WAIT, "slave connected", () -> pair.masterReplication().slaveConnections() == 1);
            for (int i = 0; i < 20; i++) {
                assertThat(pair.master.send("HaStatusTopic", i % 2, "body-" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            long max = pair.master.broker.store().commitLogMaxOffset();
            // SYNC_MASTER: the slave acknowledged every record before its send returned
            Await.until(WAIT, "slave acked everything", () -> status(pair.master).haConnectionInfo().stream()
                .anyMatch(c -> c.slaveAckOffset() == max && c.transferFromWhere() == max));

            HaRuntimeInfo m = status(pair.master);
            assertThat(m.master()).isTrue();
            assertThat(m.masterCommitLogMaxOffset()).isEqualTo(max);
            assertThat(m.inSyncSlaveNums()).isEqualTo(1);
            assertThat(m.haConnectionInfo()).hasSize(1);
            HaRuntimeInfo.Connection c = m.haConnectionInfo().get(0);
            assertThat(c.addr()).startsWith("127.0.0.1:");
            assertThat(c.diff()).isZero();
            assertThat(c.inSync()).isTrue();
            assertThat(c.transferredByteInSecond()).isBetween(0L, max);
            assertThat(m.haClientRuntimeInfo()).isEqualTo(HaRuntimeInfo.Client.NONE);

            HaRuntimeInfo s = status(pair.slave);
            assertThat(s.master()).isFalse();
            assertThat(s.haConnectionInfo()).isEmpty();
            HaRuntimeInfo.Client client = s.haClientRuntimeInfo();
            assertThat(client.masterAddr()).isEqualTo(pair.master.broker.replication().haServerAddress());
            assertThat(client.maxOffset()).isEqualTo(max);
            assertThat(client.lastReadTimestamp()).isGreaterThanOrEqualTo(before);
            assertThat(client.lastWriteTimestamp()).isGreaterThanOrEqualTo(before);
            assertThat(client.masterFlushOffset()).isZero();

            // The slave goes away: the master lists no connection once it noticed.
            pair.slaveReplication().stopFollowing();
            Await.until(WAIT, "connection gone", () -> status(pair.master).haConnectionInfo().isEmpty());
            assertThat(status(pair.master).inSyncSlaveNums()).isZero();
        }
    }
}
