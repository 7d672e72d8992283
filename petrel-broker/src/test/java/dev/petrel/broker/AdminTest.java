package dev.petrel.broker;

import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.GroupList;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.ConsumeStatsList;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.DeleteTopicRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

/** The admin requests mqadmin sends, against a real broker over a real socket. */
class AdminTest {

    @TempDir
    static Path dir;
    static BrokerFixture f;

    @BeforeAll
    static void start() {
        f = new BrokerFixture(dir);
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    private static RemotingCommand createTopic(String topic, int queues, int perm, String attributes) throws Exception {
        return f.call(RequestCode.UPDATE_AND_CREATE_TOPIC, new CreateTopicRequestHeader(topic, "TBW102", queues, queues,
            perm, "SINGLE_TAG", 0, false, attributes, false, RpcFields.NONE), null);
    }

    @Test
    void topicIsCreatedReadDescribedAndDeleted() throws Exception {
        assertThat(createTopic("AdminT", 3, 6, "+message.type=NORMAL").code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand get = f.call(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigRequestHeader("AdminT", RpcFields.NONE), null);
        TopicConfigAndQueueMapping t = TopicConfigAndQueueMapping.CODEC.decode(get.body());
        assertThat(t.readQueueNums()).isEqualTo(3);
        assertThat(t.attributes()).containsEntry("message.type", "NORMAL");
        f.send("AdminT", 2, "x");
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue("AdminT", 2) == 1);
        RemotingCommand stats = f.call(RequestCode.GET_TOPIC_STATS_INFO,
            new GetTopicStatsInfoRequestHeader("AdminT", RpcFields.NONE), null);
        TopicStatsTable table = TopicStatsTable.CODEC.decode(stats.body());
        assertThat(table.offsetTable()).hasSize(3);
        assertThat(table.offsetTable().get(new MessageQueue("AdminT", "broker-a", 2)).maxOffset()).isEqualTo(1);
        assertThat(table.offsetTable().get(new MessageQueue("AdminT", "broker-a", 2)).lastUpdateTimestamp()).isPositive();
        assertThat(f.call(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicRequestHeader("AdminT", RpcFields.NONE), null)
            .code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand gone = f.call(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigRequestHeader("AdminT", RpcFields.NONE), null);
        assertThat(gone.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(f.broker.store().maxOffsetInQueue("AdminT", 2)).isZero();
    }

    @Test
    void badTopicRequestsAreRefusedWithTheReason() throws Exception {
        RemotingCommand system = createTopic("SCHEDULE_TOPIC_XXXX", 1, 6, "");
        assertThat(system.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(system.remark()).isEqualTo("The topic[SCHEDULE_TOPIC_XXXX] is conflict with system topic.");
        assertThat(createTopic("bad name", 1, 6, "").remark()).contains("bad name");
        assertThat(createTopic("PermT", 1, 9, "").remark()).contains("perm");
        assertThat(createTopic("AttrT", 1, 6, "+nope=1").remark()).contains("unsupported topic attribute nope");
        RemotingCommand deleteSystem = f.call(RequestCode.DELETE_TOPIC_IN_BROKER,
            new DeleteTopicRequestHeader("TBW102", RpcFields.NONE), null);
        assertThat(deleteSystem.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    @Test
    void subscriptionGroupsAreCreatedReadAndDeleted() throws Exception {
        SubscriptionGroupConfig g = SubscriptionGroupConfig.of("AdminG");
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, null,
            SubscriptionGroupConfig.CODEC.encode(g)));
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand get = f.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
            new GetSubscriptionGroupConfigRequestHeader("AdminG", RpcFields.NONE), null);
        assertThat(SubscriptionGroupConfig.CODEC.decode(get.body()).retryMaxTimes()).isEqualTo(16);
        assertThat(Files.readString(dir.resolve("config/subscriptionGroup.json"))).contains("\"AdminG\"");
        f.call(RequestCode.DELETE_SUBSCRIPTIONGROUP, new DeleteSubscriptionGroupRequestHeader("AdminG", true, RpcFields.NONE), null);
        assertThat(f.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG,
            new GetSubscriptionGroupConfigRequestHeader("AdminG", RpcFields.NONE), null).code())
            .isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
    }

    @Test
    void connectionsProgressAndWhoConsumes() throws Exception {
        f.heartbeat(BrokerFixture.consumerHeartbeat("cid-admin", "gAdmin", MessageModel.CLUSTERING,
            SubscriptionData.of("ProgressT", "TAG", "*", 1)));
        RemotingCommand cc = f.call(RequestCode.GET_CONSUMER_CONNECTION_LIST,
            new GetConsumerConnectionListRequestHeader("gAdmin", RpcFields.NONE), null);
        ConsumerConnection conn = ConsumerConnection.CODEC.decode(cc.body());
        assertThat(conn.connectionSet()).singleElement().satisfies(c -> {
            assertThat(c.clientId()).isEqualTo("cid-admin");
            assertThat(c.language()).isEqualTo("JAVA");
        });
        assertThat(conn.subscriptionTable()).containsKey("ProgressT");
        assertThat(f.call(RequestCode.GET_CONSUMER_CONNECTION_LIST,
            new GetConsumerConnectionListRequestHeader("offline", RpcFields.NONE), null).code())
            .isEqualTo(ResponseCode.CONSUMER_NOT_ONLINE);
        RemotingCommand pc = f.call(RequestCode.GET_PRODUCER_CONNECTION_LIST,
            new GetProducerConnectionListRequestHeader("CLIENT_INNER_PRODUCER", RpcFields.NONE), null);
        assertThat(ProducerConnection.CODEC.decode(pc.body()).connectionSet()).hasSize(1);

        for (int i = 0; i < 5; i++) {
            f.send("ProgressT", 0, "m" + i);
        }
        f.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader("gAdmin", "ProgressT", 0, 2,
            RpcFields.NONE), null);
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue("ProgressT", 0) == 5);
        ConsumeStats stats = ConsumeStats.CODEC.decode(f.call(RequestCode.GET_CONSUME_STATS,
            new GetConsumeStatsRequestHeader("gAdmin", null, RpcFields.NONE), null).body());
        assertThat(stats.offsetTable()).hasSize(4);
        var q0 = stats.offsetTable().get(new MessageQueue("ProgressT", "broker-a", 0));
        assertThat(q0.brokerOffset()).isEqualTo(5);
        assertThat(q0.consumerOffset()).isEqualTo(2);
        assertThat(q0.lastTimestamp()).isPositive();
        ConsumeStatsList all = ConsumeStatsList.CODEC.decode(f.call(RequestCode.GET_BROKER_CONSUME_STATS,
            new GetConsumeStatsInBrokerHeader(false), null).body());
        assertThat(all.totalDiff()).isGreaterThanOrEqualTo(3);
        assertThat(all.brokerAddr()).isEqualTo(f.address());
        GroupList who = GroupList.CODEC.decode(f.call(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
            new QueryTopicConsumeByWhoRequestHeader("ProgressT", RpcFields.NONE), null).body());
        assertThat(who.groupList()).contains("gAdmin");
    }

    @Test
    void resetByTimeIsHandedToTheNextPull() throws Exception {
        for (int i = 0; i < 3; i++) {
            f.send("ResetT", 0, "m" + i);
        }
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue("ResetT", 0) == 3);
        f.broker.groups().find("gReset");
        f.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader("gReset", "ResetT", 0, 3,
            RpcFields.NONE), null);
        RemotingCommand reset = f.call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
            new ResetOffsetRequestHeader("ResetT", "gReset", -1, -1L, 0, true, RpcFields.NONE), null);
        assertThat(reset.code()).isEqualTo(ResponseCode.SUCCESS);
        Map<MessageQueue, Long> table = ResetOffsetBody.CODEC.decode(reset.body()).offsetTable();
        assertThat(table).containsEntry(new MessageQueue("ResetT", "broker-a", 0), 0L).hasSize(4);
        assertThat(f.broker.offsets().query("gReset", "ResetT", 0)).isZero();
        RemotingCommand ignored = f.call(RequestCode.UPDATE_CONSUMER_OFFSET,
            new UpdateConsumerOffsetRequestHeader("gReset", "ResetT", 0, 3, RpcFields.NONE), null);
        assertThat(ignored.remark()).isEqualTo("Offset has been previously reset");
        RemotingCommand pull = f.pull(pullHeader("gReset", "ResetT", 0, 3, SUBSCRIPTION, 0, "*"));
        assertThat(pull.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(pull.remark()).isEqualTo("OFFSET_RESET");
        assertThat(pull.extField("nextBeginOffset")).isEqualTo("0");
        assertThat(f.pull(pullHeader("gReset", "ResetT", 0, 0, SUBSCRIPTION, 0, "*")).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void aResetAnswersTheGroupsHeldPullsAtOnce() throws Exception {
        f.send("ResetHeld", 0, "m0");
        Await.until(Duration.ofSeconds(5), "dispatch", () -> f.broker.store().maxOffsetInQueue("ResetHeld", 0) == 1);
        f.broker.groups().find("gResetHeld");
        var held = f.client.invokeAsync(f.address(), RemotingCommand.request(RequestCode.PULL_MESSAGE,
            dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec.INSTANCE.encode(
                pullHeader("gResetHeld", "ResetHeld", 0, 1, SUBSCRIPTION | dev.petrel.broker.pull.PullSysFlag.SUSPEND,
                    15_000, "*")), null), 30_000);
        Await.until(Duration.ofSeconds(5), "held", () -> f.broker.heldPulls() == 1);
        f.call(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
            new ResetOffsetRequestHeader("ResetHeld", "gResetHeld", -1, -1L, 0, true, RpcFields.NONE), null);
        RemotingCommand r = held.get(5, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(r.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(r.extField("nextBeginOffset")).isEqualTo("0");
    }

    @Test
    void runtimeInfoHasEveryKeyTheToolsParse() throws Exception {
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
        Map<String, String> table = KVTable.CODEC.decode(r.body()).table();
        assertThat(table).containsKeys(RuntimeInfoKeys.REQUIRED_BY_CLUSTER_LIST.toArray(new String[0]));
        for (String k : new String[] {"msgPutTotalTodayNow", "msgGetTotalTodayNow", "earliestMessageTimeStamp",
            "timerReadBehind", "sendThreadPoolQueueSize"}) {
            Long.parseLong(table.get(k));
        }
        Double.parseDouble(table.get("commitLogDiskRatio"));
        assertThat(table.get("putTps").split(" ")).hasSize(3);
        assertThat(table.get("brokerVersionDesc")).isEqualTo("V5_3_1");
    }

    @Test
    void brokerConfigIsReadAndDynamicKeysChangeAllOrNothing() throws Exception {
        RemotingCommand get = f.call(RemotingCommand.request(RequestCode.GET_BROKER_CONFIG, null, null));
        Map<String, String> props = PropertiesBodyCodec.decode(get.body());
        assertThat(props).containsEntry("brokerName", "broker-a").containsEntry("listenPort", Integer.toString(f.port))
            .containsEntry("flushDiskType", "ASYNC_FLUSH").containsKey("storePathRootDir");
        assertThat(get.extField("version")).contains("counter");

        RemotingCommand update = f.call(RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG, null,
            PropertiesBodyCodec.encode(Map.of("regionId", "Mars", "traceOn", "false"))));
        assertThat(update.code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand sent = f.send("RegionT", 0, "x");
        assertThat(sent.extField("MSG_REGION")).isEqualTo("Mars");
        assertThat(sent.extField("TRACE_ON")).isEqualTo("false");
        assertThat(Files.readString(dir.resolve("config/brokerDynamic.properties"))).contains("regionId=Mars");

        RemotingCommand staticKey = f.call(RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG, null,
            PropertiesBodyCodec.encode(Map.of("regionId", "Venus", "listenPort", "1"))));
        assertThat(staticKey.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(staticKey.remark()).contains("listenPort cannot be changed at runtime");
        RemotingCommand unknown = f.call(RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG, null,
            PropertiesBodyCodec.encode(Map.of("noSuchKey", "1"))));
        assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        RemotingCommand badValue = f.call(RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG, null,
            PropertiesBodyCodec.encode(Map.of("brokerPermission", "9"))));
        assertThat(badValue.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(f.send("RegionT", 0, "x").extField("MSG_REGION")).isEqualTo("Mars");
        f.call(RemotingCommand.request(RequestCode.UPDATE_BROKER_CONFIG, null,
            PropertiesBodyCodec.encode(Map.of("regionId", "DefaultRegion", "traceOn", "true"))));
    }

    @Test
    void unimplementedFeaturesAnswerRequestCodeNotSupported() throws Exception {
        for (int code : new int[] {RequestCode.CONSUME_MESSAGE_DIRECTLY}) {
            RemotingCommand r = f.call(RemotingCommand.request(code, Map.of(), null));
            assertThat(r.code()).as("code %d", code).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        }
    }
}
