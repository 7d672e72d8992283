package dev.petrel.broker;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody;
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader;
import dev.petrel.protocol.header.client.UnregisterClientRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** HEART_BEAT, UNREGISTER_CLIENT, GET_CONSUMER_LIST_BY_GROUP, CHECK_CLIENT_CONFIG and membership notifications. */
class ClientManageTest {

    @TempDir
    static Path dir;
    static BrokerFixture f;

    @BeforeAll
    static void start() {
        f = new BrokerFixture(dir, Map.of("enablePropertyFilter", "false"));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    /** A consumer with its own connection that records the broker's NOTIFY_CONSUMER_IDS_CHANGED calls. */
    private static final class Member implements AutoCloseable {
        final RemotingClient client = new RemotingClient("member", RemotingClientConfig.defaults(), Clock.system());
        final List<String> notified = new CopyOnWriteArrayList<>();

        Member() {
            client.registerProcessor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, (ctx, req) -> {
                notified.add(req.extField("consumerGroup"));
                return null;
            });
            client.start();
        }

        RemotingCommand heartbeat(HeartbeatData data) throws Exception {
            return client.invokeSync(f.address(), RemotingCommand.request(RequestCode.HEART_BEAT, Map.of(),
                HeartbeatData.CODEC.encode(data)), 5_000);
        }

        RemotingCommand call(int code, Record header) throws Exception {
            return client.invokeSync(f.address(), RemotingCommand.request(code, BrokerFixture.encode(header), null), 5_000);
        }

        @Override
        public void close() {
            client.close();
        }
    }

    private static List<String> consumerList(String group) {
        RemotingCommand r;
        try {
            r = f.call(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader(group, RpcFields.NONE), null);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        if (r.code() != ResponseCode.SUCCESS) {
            return List.of();
        }
        return GetConsumerListByGroupResponseBody.CODEC.decode(r.body()).consumerIdList();
    }

    private static HeartbeatData hb(String clientId, String group, String tags) {
        return BrokerFixture.consumerHeartbeat(clientId, group, MessageModel.CLUSTERING,
            SubscriptionData.of("HbTopic", "TAG", tags, 1), SubscriptionData.of("%RETRY%" + group, "TAG", "*", 1));
    }

    @Test
    void heartbeatRegistersAndAnswersWithTheV2Flags() throws Exception {
        try (Member m = new Member()) {
            RemotingCommand r = m.heartbeat(hb("cid-1", "gHb", "*"));
            assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(r.extField("IS_SUPPORT_HEART_BEAT_V2")).isEqualTo("true");
            assertThat(r.extField("IS_SUB_CHANGE")).isEqualTo("true");
            assertThat(consumerList("gHb")).containsExactly("cid-1");
            assertThat(f.broker.topics().get("%RETRY%gHb").readQueueNums()).isEqualTo(1);
            assertThat(f.broker.groups().get("gHb")).isNotNull();
            assertThat(f.broker.producers().members("CLIENT_INNER_PRODUCER")).hasSize(1);
        }
        Await.until(Duration.ofSeconds(5), "closed connection leaves the group", () -> consumerList("gHb").isEmpty());
        assertThat(f.broker.producers().members("CLIENT_INNER_PRODUCER")).isEmpty();
    }

    @Test
    void membersAreNotifiedWhenTheGroupChanges() throws Exception {
        try (Member a = new Member(); Member b = new Member()) {
            a.heartbeat(hb("cid-a", "gNotify", "*"));
            Await.until(Duration.ofSeconds(5), "a notified of its own joining", () -> a.notified.size() == 1);
            a.heartbeat(hb("cid-a", "gNotify", "*"));
            b.heartbeat(hb("cid-b", "gNotify", "*"));
            Await.until(Duration.ofSeconds(5), "both notified of b", () -> a.notified.size() == 2 && b.notified.size() == 1);
            assertThat(a.notified).containsOnly("gNotify");
            assertThat(consumerList("gNotify")).containsExactlyInAnyOrder("cid-a", "cid-b");
            RemotingCommand r = b.call(RequestCode.UNREGISTER_CLIENT,
                new UnregisterClientRequestHeader("cid-b", null, "gNotify", RpcFields.NONE));
            assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
            Await.until(Duration.ofSeconds(5), "a notified of b leaving", () -> a.notified.size() == 3);
            assertThat(consumerList("gNotify")).containsExactly("cid-a");
            assertThat(b.notified).hasSize(1);
        }
    }

    @Test
    void membersSubscribingDifferentlyAreReported() throws Exception {
        try (Member a = new Member(); Member b = new Member()) {
            a.heartbeat(hb("cid-a", "gConflict", "TagA"));
            b.heartbeat(hb("cid-b", "gConflict", "TagB"));
            assertThat(f.broker.consumers().conflicts("gConflict")).singleElement().satisfies(c -> {
                assertThat(c.topic()).isEqualTo("HbTopic");
                assertThat(c.expressions()).containsEntry("cid-a", "TAG TagA").containsEntry("cid-b", "TAG TagB");
                assertThat(c.describe()).contains("Give each subscription its own consumer group");
            });
            b.heartbeat(hb("cid-b", "gConflict", "TagA"));
            assertThat(f.broker.consumers().conflicts("gConflict")).isEmpty();
        }
    }

    @Test
    void unknownGroupWithoutAConsumerAnswersSystemError() throws Exception {
        RemotingCommand r = f.call(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader("nobody", RpcFields.NONE), null);
        assertThat(r.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(r.remark()).isEqualTo("no consumer for this group, nobody");
    }

    @Test
    void checkClientConfigAcceptsTagsAndRefusesSqlWhenPropertyFiltersAreOff() throws Exception {
        CheckClientRequestBody tag = new CheckClientRequestBody("c", "g", null, SubscriptionData.of("T", "TAG", "a||b", 1));
        assertThat(f.call(RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG, null,
            CheckClientRequestBody.CODEC.encode(tag))).code()).isEqualTo(ResponseCode.SUCCESS);
        CheckClientRequestBody sql = new CheckClientRequestBody("c", "g", null, SubscriptionData.of("T", "SQL92", "a > 5", 1));
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.CHECK_CLIENT_CONFIG, null,
            CheckClientRequestBody.CODEC.encode(sql)));
        assertThat(r.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(r.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
    }

    @Test
    void sqlFiltersAreRegisteredEvenWhenPropertyFiltersAreOffAndDieWithTheirGroup() throws Exception {
        assertThat(f.send("SqlOffTopic", 0, "x").code()).isEqualTo(ResponseCode.SUCCESS);
        try (Member m = new Member()) {
            m.heartbeat(BrokerFixture.consumerHeartbeat("cid-sql", "gSql", MessageModel.CLUSTERING,
                SubscriptionData.of("SqlOffTopic", "SQL92", "a > 5", 42)));
            var filter = f.broker.pullProcessor().consumerFilters().get("SqlOffTopic", "gSql");
            assertThat(filter.expression()).isEqualTo("a > 5");
            assertThat(filter.clientVersion()).isEqualTo(42);
            // The filter is found, then the switch refuses the pull (Apache's order).
            RemotingCommand pull = f.pull(new dev.petrel.protocol.header.client.PullMessageRequestHeader("gSql", "SqlOffTopic",
                0, 0, 32, 0, 0, 0, null, 42, "SQL92", null, null, null, RpcFields.NONE));
            assertThat(pull.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(pull.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
            assertThat(m.call(RequestCode.UNREGISTER_CLIENT, new UnregisterClientRequestHeader("cid-sql", null, "gSql",
                RpcFields.NONE)).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(f.broker.pullProcessor().consumerFilters().get("SqlOffTopic", "gSql").isDead()).isTrue();
        }
    }

    @Test
    void expiredClientsAreDroppedByTheScan() throws Exception {
        try (Member m = new Member()) {
            m.heartbeat(hb("cid-x", "gExpire", "*"));
            assertThat(f.broker.consumers().scanExpired(60_000)).isZero();
            assertThat(f.broker.consumers().scanExpired(-1)).isGreaterThanOrEqualTo(1);
            assertThat(consumerList("gExpire")).isEmpty();
            Await.until(Duration.ofSeconds(5), "expired connection closed", () -> m.client.connections().isEmpty());
        }
    }
}
