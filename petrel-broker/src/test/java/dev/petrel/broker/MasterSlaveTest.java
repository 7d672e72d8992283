package dev.petrel.broker;

import dev.petrel.message.DecodedMessage;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.store.StoreRole;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

/** Classic master/slave in one JVM: two brokers, real HA sockets, separate stores. */
class MasterSlaveTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void slaveReplicatesTheCommitLogByteForByteAndServesPullsAndKeyQueries() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            Await.until(WAIT, "slave connected", () -> pair.masterReplication().slaveConnections() == 1);
            int n = 1500;
            for (int i = 0; i < n; i++) {
                String body = ("message-" + i + "-").repeat(1 + i % 9);
                RemotingCommand r = pair.master.send("HaTopic", i % 4, body, "KEYS", "key-" + i);
                assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
            }
            long masterMax = pair.master.broker.store().commitLogMaxOffset();
            assertThat(masterMax).isGreaterThan(HaPair.FILE_SIZE); // the stream crossed a file end
            Await.until(WAIT, "slave caught up",
                () -> pair.slave.broker.store().commitLogMaxOffset() == masterMax);
            assertThat(pair.commitLogsMatch()).isTrue();
            assertThat(pair.slave.broker.store().commitLogMinOffset()).isZero();

            // ConsumeQueues built on the slave from the replicated bytes.
            for (int q = 0; q < 4; q++) {
                int queue = q;
                Await.until(WAIT, "slave queue " + q + " dispatched", () -> pair.slave.broker.store()
                    .maxOffsetInQueue("HaTopic", queue) == n / 4);
            }
            // Pulls need the topic on the slave: the metadata sync brings it once the master is known.
            pair.announceMaster();
            Await.until(WAIT, "topic synced", () -> pair.slave.broker.topics().contains("HaTopic"));
            List<String> bodies = new ArrayList<>();
            long offset = 0;
            while (offset < n / 4) {
                RemotingCommand r = pair.slave.pull(pullHeader("g1", "HaTopic", 1, offset, SUBSCRIPTION, 0, "*"));
                assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
                List<DecodedMessage> got = BrokerFixture.decode(r);
                got.forEach(m -> bodies.add(new String(m.body(), StandardCharsets.UTF_8)));
                offset = Long.parseLong(r.extField("nextBeginOffset"));
            }
            assertThat(bodies).hasSize(n / 4);
            assertThat(bodies.get(0)).isEqualTo("message-1-".repeat(2));

            RemotingCommand byKey = pair.slave.call(RemotingCommand.request(RequestCode.QUERY_MESSAGE,
                BrokerFixture.encode(new QueryMessageRequestHeader("HaTopic", "key-777", 32, 0, Long.MAX_VALUE, false,
                    RpcFields.NONE)), null));
            assertThat(byKey.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(BrokerFixture.decode(byKey)).extracting(m -> new String(m.body(), StandardCharsets.UTF_8))
                .containsExactly(("message-777-").repeat(1 + 777 % 9));
        }
    }

    @Test
    void slaveRefusesSendsWithServiceNotAvailable() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            assertThat(pair.slave.broker.store().role()).isEqualTo(StoreRole.SLAVE);
            RemotingCommand r = pair.slave.send("HaTopic", 0, "refused");
            assertThat(r.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
            assertThat(r.remark()).startsWith("service not available now").contains("SLAVE");
            assertThat(pair.slave.broker.store().commitLogMaxOffset()).isZero();
        }
    }

    @Test
    void restartedSlaveResumesFromItsMaxOffset() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            for (int i = 0; i < 300; i++) {
                assertThat(pair.master.send("HaTopic", 0, "first-" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            long first = pair.master.broker.store().commitLogMaxOffset();
            Await.until(WAIT, "slave caught up", () -> pair.slave.broker.store().commitLogMaxOffset() == first);
            pair.slave.broker.close();
            for (int i = 0; i < 300; i++) {
                assertThat(pair.master.send("HaTopic", 0, "second-" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            pair.restartSlave();
            long second = pair.master.broker.store().commitLogMaxOffset();
            Await.until(WAIT, "slave caught up again", () -> pair.slave.broker.store().commitLogMaxOffset() == second);
            assertThat(pair.commitLogsMatch()).isTrue();
            // The new connection asked from the slave's max offset: it received only what the slave lacked.
            assertThat(pair.slaveReplication().runtimeInfo().get("haReceivedBytes"))
                .isEqualTo(Long.toString(second - first));
            Await.until(WAIT, "dispatched", () -> pair.slave.broker.store().maxOffsetInQueue("HaTopic", 0) == 600);
        }
    }

    @Test
    void consumersKeepPullingAndCommittingOnTheSlaveWhileTheMasterIsDown() throws Exception {
        try (HaPair pair = new HaPair(dir, "ASYNC_MASTER", Map.of(), Map.of())) {
            for (int i = 0; i < 50; i++) {
                assertThat(pair.master.send("DownTopic", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            pair.announceMaster();
            Await.until(WAIT, "replicated and synced", () -> pair.slave.broker.topics().contains("DownTopic")
                && pair.slave.broker.store().maxOffsetInQueue("DownTopic", 0) == 50);
            pair.master.broker.close();

            RemotingCommand r = pair.slave.pull(pullHeader("gDown", "DownTopic", 0, 10, SUBSCRIPTION, 0, "*"));
            assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(BrokerFixture.decode(r)).hasSize(32)
                .first().satisfies(m -> assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("m10"));
            assertThat(r.extField("suggestWhichBrokerId")).isEqualTo("0"); // back to the master once it is routed
            RemotingCommand commit = pair.slave.call(RequestCode.UPDATE_CONSUMER_OFFSET,
                new dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader("gDown", "DownTopic", 0, 42,
                    RpcFields.NONE), null);
            assertThat(commit.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(pair.slave.broker.offsets().query("gDown", "DownTopic", 0)).isEqualTo(42);
        }
    }
}
