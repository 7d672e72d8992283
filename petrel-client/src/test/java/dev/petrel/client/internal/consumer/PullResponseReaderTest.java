package dev.petrel.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.Arrays;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class PullResponseReaderTest {

    private static final MessageQueue MQ = new MessageQueue("T", "broker-a", 1);

    private static RemotingCommand response(int code, byte[] body, String delta) {
        RemotingCommand.Builder b = RemotingCommand.newRequest(RequestCode.PULL_MESSAGE).build().newResponse(code)
            .extField("suggestWhichBrokerId", "0").extField("nextBeginOffset", "12").extField("minOffset", "0")
            .extField("maxOffset", "20").body(body);
        if (delta != null) {
            b.extField("offsetDelta", delta);
        }
        return b.build();
    }

    @Test
    void foundMessagesAreRefilteredByExactTag() {
        // "Aa" and "BB" have the same String.hashCode(), so a broker filtering by hash lets both through
        byte[] body = new StoredRecords()
            .add("T", 1, 10, "one".getBytes(), Map.of("TAGS", "Aa", "UNIQ_KEY", "U1"))
            .add("T", 1, 11, "two".getBytes(), Map.of("TAGS", "BB")).bytes();
        SubscriptionData sub = SubscriptionData.of("T", "TAG", "Aa", 1);
        PullResponseReader.Outcome o = PullResponseReader.read(response(ResponseCode.SUCCESS, body, null), MQ, sub, "x");
        assertThat(o.result().status()).isEqualTo(PullStatus.FOUND);
        assertThat(o.result().nextBeginOffset()).isEqualTo(12);
        assertThat(o.result().messages()).hasSize(1);
        ReceivedMessage m = o.result().messages().get(0);
        assertThat(m.bodyAsString()).isEqualTo("one");
        assertThat(m.queue()).isEqualTo(MQ);
        assertThat(m.queueOffset()).isEqualTo(10);
        assertThat(m.msgId()).isEqualTo("U1");
        assertThat(m.offsetMsgId()).isEqualTo("7F00000100002A9F0000000000001000");
        assertThat(m.property("MIN_OFFSET")).isEqualTo("0");
        assertThat(m.property("MAX_OFFSET")).isEqualTo("20");
    }

    @Test
    void subscribeAllKeepsEverythingAndOffsetDeltaApplies() {
        byte[] body = new StoredRecords().add("T", 1, 0, "a".getBytes(), Map.of("TAGS", "x"))
            .add("T", 1, 1, "b".getBytes(), Map.of()).bytes();
        PullResponseReader.Outcome o = PullResponseReader.read(response(ResponseCode.SUCCESS, body, "100"), MQ,
            SubscriptionData.of("T", "TAG", "*", 1), "x");
        assertThat(o.result().messages()).extracting(ReceivedMessage::queueOffset).containsExactly(100L, 101L);
    }

    @Test
    void codesMapToStatuses() {
        assertThat(PullResponseReader.read(response(ResponseCode.PULL_NOT_FOUND, null, null), MQ, null, "x").result().status())
            .isEqualTo(PullStatus.NO_NEW_MSG);
        assertThat(PullResponseReader.read(response(ResponseCode.PULL_RETRY_IMMEDIATELY, null, null), MQ, null, "x")
            .result().status()).isEqualTo(PullStatus.NO_MATCHED_MSG);
        assertThat(PullResponseReader.read(response(ResponseCode.PULL_OFFSET_MOVED, null, null), MQ, null, "x")
            .result().status()).isEqualTo(PullStatus.OFFSET_ILLEGAL);
        assertThatThrownBy(() -> PullResponseReader.read(response(ResponseCode.SUBSCRIPTION_NOT_LATEST, null, null), MQ,
            null, "1.2.3.4:5")).isInstanceOf(BrokerException.class).hasMessageContaining("1.2.3.4:5");
    }

    @Property(tries = 200)
    void truncatedOrRandomBodiesFailCleanly(@ForAll byte[] garbage) {
        byte[] good = new StoredRecords().add("T", 1, 0, "abc".getBytes(), Map.of("TAGS", "x")).bytes();
        for (byte[] body : new byte[][] {garbage, Arrays.copyOf(good, Math.max(1, good.length - 1 - (garbage.length % 50)))}) {
            try {
                PullResponseReader.read(response(ResponseCode.SUCCESS, body, null), MQ, null, "x");
            } catch (BrokerException e) {
                assertThat(e.responseCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            }
        }
    }
}
