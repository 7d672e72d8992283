package dev.petrel.broker;

import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.store.MessageFilter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.petrel.broker.BrokerFixture.props;
import static dev.petrel.broker.BrokerFixture.sendHeader;
import static org.assertj.core.api.Assertions.assertThat;

/** SEND_MESSAGE, SEND_MESSAGE_V2 and SEND_BATCH_MESSAGE against a real broker over a real socket. */
class SendTest {

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

    private static List<DecodedMessage> stored(String topic, int queueId, int expected) {
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), expected + " messages in " + topic,
            () -> f.broker.store().maxOffsetInQueue(topic, queueId) >= expected);
        var r = f.broker.store().getMessage(topic, queueId, 0, 100, Integer.MAX_VALUE, MessageFilter.ALL);
        try {
            List<DecodedMessage> out = new java.util.ArrayList<>();
            r.records().forEach(rec -> out.add(new dev.petrel.message.MessageRecordDecoder().decode(rec.buffer(), 0)));
            return out;
        } finally {
            r.release();
        }
    }

    @Test
    void v2SendIsStoredWithTheBrokerPropertiesAndAnsweredWithFullHeader() throws Exception {
        RemotingCommand r = f.send("SendV2", 1, "hello", "KEYS", "k1 k2", "TAGS", "TagA", "UNIQ_KEY", "ABCDEF", "ua", "uv");
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(r.extField("queueId")).isEqualTo("1");
        assertThat(r.extField("queueOffset")).isEqualTo("0");
        assertThat(r.extField("transactionId")).isEqualTo("ABCDEF");
        assertThat(r.extField("MSG_REGION")).isEqualTo("DefaultRegion");
        assertThat(r.extField("TRACE_ON")).isEqualTo("true");
        OffsetMessageId id = OffsetMessageId.decode(r.extField("msgId"));
        assertThat(id.storeHost().toString()).isEqualTo("127.0.0.1:" + f.port);

        List<DecodedMessage> msgs = stored("SendV2", 1, 1);
        assertThat(msgs).hasSize(1);
        DecodedMessage m = msgs.get(0);
        assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(m.physicalOffset()).isEqualTo(id.physicalOffset());
        assertThat(m.properties()).containsEntry("KEYS", "k1 k2").containsEntry("TAGS", "TagA")
            .containsEntry("UNIQ_KEY", "ABCDEF").containsEntry("ua", "uv").containsEntry("MSG_REGION", "DefaultRegion")
            .containsEntry("TRACE_ON", "true").containsEntry("CLUSTER", "DefaultCluster");
        assertThat(m.bornTimestamp()).isEqualTo(1_700_000_000_000L);
        assertThat(m.bornHost().toString()).startsWith("127.0.0.1:");
    }

    @Test
    void v1SendAndGeneratedUniqueKey() throws Exception {
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "SendV1", "TBW102", 4, 0, 0, 42L, 7,
            props("TAGS", "x"), null, null, null, null, RpcFields.NONE);
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.SEND_MESSAGE,
            SendMessageV1HeaderCodec.INSTANCE.encode(h), "v1".getBytes(StandardCharsets.UTF_8)));
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        DecodedMessage m = stored("SendV1", 0, 1).get(0);
        assertThat(m.flag()).isEqualTo(7);
        assertThat(m.properties().get("UNIQ_KEY")).hasSize(32).isEqualTo(r.extField("transactionId"));
    }

    @Test
    void autoCreatedTopicTakesTheSmallerQueueCountAndDropsInherit() throws Exception {
        assertThat(f.send("AutoCreated", 0, "x").code()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfig t = f.broker.topics().get("AutoCreated");
        assertThat(t.readQueueNums()).isEqualTo(4);
        assertThat(t.writeQueueNums()).isEqualTo(4);
        assertThat(t.perm()).isEqualTo(6);
    }

    @Test
    void negativeQueueIdPicksAQueueAndTooLargeIsRefused() throws Exception {
        RemotingCommand r = f.send("QueuePick", -1, "x");
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(Integer.parseInt(r.extField("queueId"))).isBetween(0, 3);
        RemotingCommand bad = f.send("QueuePick", 4, "x");
        assertThat(bad.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(bad.remark()).contains("queueId[4] is illegal").contains("4 write and 4 read queues");
        assertThat(bad.extField("MSG_REGION")).isEqualTo("DefaultRegion");
    }

    @Test
    void emptyAndOversizedBodiesAreIllegal() throws Exception {
        RemotingCommand empty = f.sendV2(sendHeader("Bodies", 0, ""), new byte[0]);
        assertThat(empty.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(empty.remark()).contains("empty");
        RemotingCommand big = f.sendV2(sendHeader("Bodies", 0, ""), new byte[4 * 1024 * 1024 + 1]);
        assertThat(big.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(big.remark()).contains("4194305 bytes").contains("maxMessageSize=4194304");
        assertThat(f.send("Bodies", 0, "ok").code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand max = f.sendV2(sendHeader("Bodies", 0, ""), new byte[4 * 1024 * 1024]);
        assertThat(max.code()).as(max.remark()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void badTopicNameAndTooLongPropertiesAreIllegal() throws Exception {
        RemotingCommand badName = f.send("bad topic!", 0, "x");
        assertThat(badName.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(badName.remark()).contains("invalid topic");
        RemotingCommand tooLong = f.send("T".repeat(128), 0, "x");
        assertThat(tooLong.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        RemotingCommand props = f.send("LongProps", 0, "x", "big", "v".repeat(33_000));
        assertThat(props.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(props.remark()).contains("32767");
    }

    @Test
    void systemTopicsAreForbidden() throws Exception {
        RemotingCommand r = f.send("SCHEDULE_TOPIC_XXXX", 0, "x");
        assertThat(r.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(r.remark()).isEqualTo("Sending message to topic[SCHEDULE_TOPIC_XXXX] is forbidden.");
    }

    @Test
    void unsupportedFeaturesAreRefusedNotStoredAsPlainMessages() throws Exception {
        RemotingCommand tx = f.send("Delayed", 0, "x", "TRAN_MSG", "true", "PGROUP", "pg");
        assertThat(tx.code()).isEqualTo(ResponseCode.SUCCESS); // a half message, invisible in its real topic
        assertThat(f.broker.store().maxOffsetInQueue("Delayed", 0)).isZero();
    }

    @Test
    void batchIsStoredContiguouslyWithEachMessagesOwnProperties() throws Exception {
        byte[] body = BatchBodyCodec.encode(List.of(
            new BatchBodyCodec.Entry(1, "b0".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U0", "TAGS", "A")),
            new BatchBodyCodec.Entry(2, "b1".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U1")),
            new BatchBodyCodec.Entry(3, "b2".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U2", "KEYS", "kk"))));
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "Batch", "TBW102", 4, 2, 0, 5L, 0,
            props("UNIQ_KEY", "ENVELOPE", "WAIT", "true"), 0, false, true, null, RpcFields.toBroker("broker-a"));
        RemotingCommand r = f.sendV2(h, body);
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(r.extField("queueOffset")).isEqualTo("0");
        assertThat(r.extField("msgId").split(",")).hasSize(3);
        assertThat(r.extField("transactionId")).isEqualTo("ENVELOPE");
        List<DecodedMessage> msgs = stored("Batch", 2, 3);
        assertThat(msgs).extracting(m -> new String(m.body(), StandardCharsets.UTF_8)).containsExactly("b0", "b1", "b2");
        assertThat(msgs).extracting(DecodedMessage::flag).containsExactly(1, 2, 3);
        assertThat(msgs).extracting(DecodedMessage::queueOffset).containsExactly(0L, 1L, 2L);
        assertThat(msgs.get(2).properties()).containsEntry("KEYS", "kk").containsEntry("UNIQ_KEY", "U2");
        assertThat(msgs.get(0).properties()).doesNotContainKey("MSG_REGION");
        String[] ids = r.extField("msgId").split(",");
        for (int i = 0; i < 3; i++) {
            assertThat(OffsetMessageId.decode(ids[i]).physicalOffset()).isEqualTo(msgs.get(i).physicalOffset());
        }
    }

    @Test
    void malformedBatchAndRetryTopicBatchAreIllegal() throws Exception {
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "Batch2", "TBW102", 4, 0, 0, 5L, 0, "", 0,
            false, true, null, RpcFields.NONE);
        RemotingCommand r = f.sendV2(h, new byte[] {0, 0, 0, 99, 1, 2});
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r.remark()).startsWith("malformed batch body");
        SendMessageRequestHeader retry = new SendMessageRequestHeader("pg", "%RETRY%g", "TBW102", 4, 0, 0, 5L, 0, "", 0,
            false, true, null, RpcFields.NONE);
        byte[] body = BatchBodyCodec.encode(List.of(new BatchBodyCodec.Entry(0, new byte[] {1}, "")));
        RemotingCommand rr = f.sendV2(retry, body);
        assertThat(rr.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(rr.remark()).contains("batch request does not support retry group");
    }

    @Test
    void missingHeaderFieldIsASystemErrorWithTheDecoderText() throws Exception {
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, Map.of("a", "pg"),
            ByteBuffer.allocate(1).array()));
        assertThat(r.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(r.remark()).contains("b");
    }
}
