package dev.petrel.broker;

import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.LockBatchResponseBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.store.MessageFilter;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.petrel.broker.BrokerFixture.props;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Delay levels, send-back/retry/DLQ and queue locks over a real socket against a real broker (real clock; every delay
 * level is 1 s here, {@code messageDelayLevel="1s 1s ..."}, so redeliveries arrive in about a second).
 */
class KindsABrokerTest {

    static final Duration WAIT = Duration.ofSeconds(15);
    static final String LEVELS = "1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s 1s";

    @TempDir
    static Path dir;
    static BrokerFixture f;

    @BeforeAll
    static void start() {
        f = new BrokerFixture(dir, Map.of("messageDelayLevel", LEVELS));
    }

    @AfterAll
    static void stop() {
        f.close();
    }

    static List<DecodedMessage> stored(String topic, int queueId) {
        var r = f.broker.store().getMessage(topic, queueId, 0, 100, Integer.MAX_VALUE, MessageFilter.ALL);
        try {
            List<DecodedMessage> out = new ArrayList<>();
            r.records().forEach(rec -> out.add(new MessageRecordDecoder().decode(rec.buffer(), 0)));
            return out;
        } finally {
            r.release();
        }
    }

    static List<DecodedMessage> awaitStored(String topic, int queueId, int count) {
        Await.until(WAIT, count + " messages in " + topic + "/" + queueId, () -> stored(topic, queueId).size() >= count);
        return stored(topic, queueId);
    }

    static RemotingCommand sendBack(long offset, String group, int delayLevel, Integer max) throws Exception {
        return f.call(RequestCode.CONSUMER_SEND_MSG_BACK, new ConsumerSendMsgBackRequestHeader(offset, group, delayLevel,
            null, null, false, max, RpcFields.toBroker("broker-a")), null);
    }

    static long commitLogOffset(RemotingCommand sendResponse) {
        assertThat(sendResponse.code()).as(sendResponse.remark()).isEqualTo(ResponseCode.SUCCESS);
        return OffsetMessageId.decode(sendResponse.extField("msgId")).physicalOffset();
    }

    @Test
    void aDelayedSendIsParkedThenDeliveredToItsRealQueueWithItsId() throws Exception {
        long before = System.currentTimeMillis();
        RemotingCommand r = f.send("DelayT", 2, "later", "DELAY", "1", "UNIQ_KEY", "UD1", "TAGS", "t", "k", "v");
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(r.extField("queueId")).isEqualTo("2");
        DecodedMessage parked = awaitStored("SCHEDULE_TOPIC_XXXX", 0, 1).get(0);
        assertThat(parked.properties()).containsEntry("REAL_TOPIC", "DelayT").containsEntry("REAL_QID", "2")
            .containsEntry("DELAY", "1");
        assertThat(parked.physicalOffset()).isEqualTo(commitLogOffset(r));

        DecodedMessage m = awaitStored("DelayT", 2, 1).get(0);
        assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("later");
        assertThat(m.properties()).containsEntry("UNIQ_KEY", "UD1").containsEntry("k", "v").containsEntry("WAIT", "false")
            .containsEntry("DELAY", "1");
        assertThat(m.storeTimestamp()).isGreaterThanOrEqualTo(parked.storeTimestamp() + 1_000).isGreaterThan(before);
    }

    @Test
    void levelsAboveTheHighestAreCappedAndBadLevelsRefused() throws Exception {
        assertThat(f.send("DelayCap", 0, "x", "DELAY", "99").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(awaitStored("SCHEDULE_TOPIC_XXXX", 17, 1).get(0).properties()).containsEntry("DELAY", "18");
        RemotingCommand bad = f.send("DelayCap", 0, "x", "DELAY", "soon");
        assertThat(bad.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(bad.remark()).contains("DELAY=soon");
    }

    @Test
    void batchesWithADelayLevelAreIllegal() throws Exception {
        byte[] plain = BatchBodyCodec.encode(List.of(new BatchBodyCodec.Entry(0, "a".getBytes(StandardCharsets.UTF_8),
            props("UNIQ_KEY", "B0"))));
        SendMessageRequestHeader envelope = new SendMessageRequestHeader("pg", "DelayBatch", "TBW102", 4, 0, 0, 5L, 0,
            props("WAIT", "true", "DELAY", "2"), 0, false, true, null, RpcFields.toBroker("broker-a"));
        RemotingCommand r = f.sendV2(envelope, plain);
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r.remark()).contains("delay level");

        byte[] inner = BatchBodyCodec.encode(List.of(
            new BatchBodyCodec.Entry(0, "a".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "B1")),
            new BatchBodyCodec.Entry(0, "b".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "B2", "DELAY", "3"))));
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "DelayBatch", "TBW102", 4, 0, 0, 5L, 0,
            props("WAIT", "true"), 0, false, true, null, RpcFields.toBroker("broker-a"));
        RemotingCommand r2 = f.sendV2(h, inner);
        assertThat(r2.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r2.remark()).contains("message 1 of the batch").contains("DELAY=3");
        assertThat(f.broker.store().maxOffsetInQueue("DelayBatch", 0)).isZero();
    }

    @Test
    void sendBackParksTheMessageForTheRetryTopicWithTheRetryProperties() throws Exception {
        RemotingCommand sent = f.send("SbT", 0, "fail-me", "UNIQ_KEY", "USB", "KEYS", "kk", "TAGS", "tg", "p", "q");
        long offset = commitLogOffset(sent);
        RemotingCommand r = sendBack(offset, "sbg", 0, 16);
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        DecodedMessage parked = awaitStored("SCHEDULE_TOPIC_XXXX", 2, 1).get(0); // level 3 + 0 reconsumes
        assertThat(parked.properties()).containsEntry("REAL_TOPIC", "%RETRY%sbg").containsEntry("DELAY", "3");

        DecodedMessage retry = awaitStored("%RETRY%sbg", 0, 1).get(0);
        assertThat(new String(retry.body(), StandardCharsets.UTF_8)).isEqualTo("fail-me");
        assertThat(retry.reconsumeTimes()).isEqualTo(1);
        assertThat(retry.properties()).containsEntry("UNIQ_KEY", "USB").containsEntry("KEYS", "kk")
            .containsEntry("TAGS", "tg").containsEntry("p", "q").containsEntry("RETRY_TOPIC", "SbT")
            .containsEntry("ORIGIN_MESSAGE_ID", sent.extField("msgId")).containsEntry("WAIT", "false");
        assertThat(f.broker.topics().get("%RETRY%sbg").perm()).isEqualTo(6);

        // The retried message fails again: its id of origin and original topic stay, the count goes on.
        RemotingCommand again = sendBack(retry.physicalOffset(), "sbg", 0, 16);
        assertThat(again.code()).isEqualTo(ResponseCode.SUCCESS);
        DecodedMessage second = awaitStored("%RETRY%sbg", 0, 2).get(1);
        assertThat(second.reconsumeTimes()).isEqualTo(2);
        assertThat(second.properties()).containsEntry("RETRY_TOPIC", "SbT")
            .containsEntry("ORIGIN_MESSAGE_ID", sent.extField("msgId"));
    }

    @Test
    void sendBackPastTheMaxOrWithANegativeLevelGoesToTheDeadLetterTopic() throws Exception {
        long offset = commitLogOffset(f.send("DlqT", 0, "dead", "UNIQ_KEY", "UDLQ"));
        assertThat(sendBack(offset, "dlqg", 0, 0).code()).isEqualTo(ResponseCode.SUCCESS);
        DecodedMessage dead = awaitStored("%DLQ%dlqg", 0, 1).get(0);
        assertThat(dead.properties()).containsEntry("UNIQ_KEY", "UDLQ").containsEntry("RETRY_TOPIC", "DlqT")
            .containsEntry("DELAY", "0");
        assertThat(dead.reconsumeTimes()).isEqualTo(1);
        assertThat(f.broker.topics().get("%DLQ%dlqg").writeQueueNums()).isEqualTo(1);
        assertThat(f.broker.topics().get("%DLQ%dlqg").perm()).isEqualTo(6);

        assertThat(sendBack(offset, "dlqg", -1, 16).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(awaitStored("%DLQ%dlqg", 0, 2)).hasSize(2);
    }

    @Test
    void sendBackErrorsNameTheProblem() throws Exception {
        RemotingCommand missing = sendBack(Long.MAX_VALUE / 2, "errg", 0, 16);
        assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.remark()).isEqualTo("look message by offset failed, " + Long.MAX_VALUE / 2);
        RemotingCommand badGroup = sendBack(0, "bad group", 0, 16);
        assertThat(badGroup.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
    }

    @Test
    void queueLocksGoToOneClientAndAGroupWithLocksSendsRetriesToTheDeadLetterTopic() throws Exception {
        MessageQueue q0 = new MessageQueue("LockT", "broker-a", 0);
        MessageQueue q1 = new MessageQueue("LockT", "broker-a", 1);
        MessageQueue q2 = new MessageQueue("LockT", "broker-a", 2);
        assertThat(lock("c1", q0, q1)).containsExactlyInAnyOrder(q0, q1);
        assertThat(lock("c2", q1, q2)).containsExactly(q2);
        assertThat(f.broker.queueLocks().get("lockg")).containsEntry(q1, "c1").containsEntry(q2, "c2");

        // An orderly group's re-sent failure goes straight to the DLQ (flows.md §10 last bullet).
        SendMessageRequestHeader retry = new SendMessageRequestHeader("pg", "%RETRY%lockg", "TBW102", 4, 0, 0, 5L, 0,
            props("UNIQ_KEY", "ULOCK", "DELAY", "3", "RETRY_TOPIC", "LockT"), 0, false, false, 16,
            RpcFields.toBroker("broker-a"));
        assertThat(f.sendV2(retry, "r".getBytes(StandardCharsets.UTF_8)).code()).isEqualTo(ResponseCode.SUCCESS);
        DecodedMessage dead = awaitStored("%DLQ%lockg", 0, 1).get(0);
        assertThat(dead.properties()).containsEntry("UNIQ_KEY", "ULOCK").containsEntry("DELAY", "-1");

        RemotingCommand unlock = f.call(RemotingCommand.request(RequestCode.UNLOCK_BATCH_MQ, Map.of(),
            UnlockBatchRequestBody.CODEC.encode(new UnlockBatchRequestBody("c1", "lockg", Set.of(q0, q1), false))));
        assertThat(unlock.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(lock("c2", q1)).containsExactly(q1);
        f.call(RemotingCommand.request(RequestCode.UNLOCK_BATCH_MQ, Map.of(),
            UnlockBatchRequestBody.CODEC.encode(new UnlockBatchRequestBody("c2", "lockg", Set.of(q1, q2), false))));

        // Without locks the same send waits in the retry topic (1 s here).
        assertThat(f.sendV2(retry, "r2".getBytes(StandardCharsets.UTF_8)).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(awaitStored("%RETRY%lockg", 0, 1).get(0).properties()).containsEntry("RETRY_TOPIC", "LockT");

        RemotingCommand garbage = f.call(RemotingCommand.request(RequestCode.LOCK_BATCH_MQ, Map.of(),
            "{\"mqSet\":[]}".getBytes(StandardCharsets.UTF_8)));
        assertThat(garbage.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(garbage.remark()).contains("clientId");
    }

    private static Set<MessageQueue> lock(String clientId, MessageQueue... queues) throws Exception {
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.LOCK_BATCH_MQ, Map.of(),
            LockBatchRequestBody.CODEC.encode(new LockBatchRequestBody(clientId, "lockg", Set.of(queues), false))));
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        return LockBatchResponseBody.CODEC.decode(r.body()).lockOKMQSet();
    }

    @Test
    void delayProgressAndMetricsAreReported() throws Exception {
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.GET_ALL_DELAY_OFFSET, null, null));
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        DelayOffsetSerializeWrapper w = DelayOffsetSerializeWrapper.CODEC.decode(r.body());
        assertThat(w.offsetTable()).hasSize(18);
        Map<String, String> info = KVTable.CODEC.decode(f.call(RemotingCommand.request(
            RequestCode.GET_BROKER_RUNTIME_INFO, null, null)).body()).table();
        assertThat(info).containsKeys("scheduleMessageOffset_1", "scheduleMessageOffset_18", "petrelDelayBacklog",
            "petrelDelayBacklogByLevel", "petrelDelayDelivered", "petrelDelayLatenessMs");
        assertThat(info.get("petrelDelayLatenessMs")).startsWith("count=");
        assertThat(f.broker.delayStats().backlogByLevel()).hasSize(18);
    }
}
