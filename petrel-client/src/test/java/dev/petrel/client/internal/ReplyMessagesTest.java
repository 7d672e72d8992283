package dev.petrel.client.internal;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.Replies;
import dev.petrel.client.internal.producer.BodyCompressor;
import dev.petrel.client.internal.producer.SendRequestFactory;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The client's request-reply pieces: pushed replies read back, replies built, sent with the reply code, matched. */
class ReplyMessagesTest {

    private static ReplyMessageRequestHeader header(String props, int sysFlag) {
        return new ReplyMessageRequestHeader("replier", "DefaultCluster_REPLY_TOPIC", "TBW102", 4, 0, sysFlag, 5L, 7,
            props, 0, false, "/127.0.0.1:5000", "127.0.0.1:10911", 9L, null);
    }

    @Test
    void pushedReplyKeepsItsFieldsAndGetsItsArrivalTime() {
        String props = PropertiesCodec.encode(Map.of("CORRELATION_ID", "c-1", "MSG_TYPE", "reply"));
        ReceivedMessage m = ReplyMessages.received(header(props, 0), "answer".getBytes(StandardCharsets.UTF_8), 42L);
        assertThat(m.bodyAsString()).isEqualTo("answer");
        assertThat(m.topic()).isEqualTo("DefaultCluster_REPLY_TOPIC");
        assertThat(m.flag()).isEqualTo(7);
        assertThat(m.property("CORRELATION_ID")).isEqualTo("c-1");
        assertThat(m.property("ARRIVE_TIME")).isEqualTo("42");
        assertThat(m.bornTimestamp()).isEqualTo(5L);
    }

    @Test
    void compressedReplyBodyIsInflated() {
        byte[] big = "x".repeat(10_000).getBytes(StandardCharsets.UTF_8);
        BodyCompressor.Compressed c = new BodyCompressor(4096, 5).maybeCompress(big);
        ReceivedMessage m = ReplyMessages.received(header("", c.sysFlag()), c.body(), 1L);
        assertThat(m.body()).isEqualTo(big);
    }

    @Test
    void replyIsBuiltFromTheRequestAndSentWithTheReplyCode() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("CLUSTER", "DefaultCluster");
        props.put("CORRELATION_ID", "c-2");
        props.put("REPLY_TO_CLIENT", "10.0.0.1@req");
        props.put("TTL", "3000");
        DecodedMessage stored = new DecodedMessage(0, 0, 0, 0, 0, 0, 0, 0, 0, new Host(new byte[4], 0), 0,
            new Host(new byte[4], 0), 0, 0, "q".getBytes(StandardCharsets.UTF_8), "Requests", props, "id");
        ReceivedMessage request = ReceivedMessage.of(stored, "Requests", "broker-a", 0, props);
        Message reply = Replies.reply(request, "a".getBytes(StandardCharsets.UTF_8));
        assertThat(reply.topic()).isEqualTo("DefaultCluster_REPLY_TOPIC");
        assertThat(reply.properties()).containsEntry("MSG_TYPE", "reply").containsEntry("CORRELATION_ID", "c-2")
            .containsEntry("REPLY_TO_CLIENT", "10.0.0.1@req").containsEntry("TTL", "3000");
        SendRequestFactory f = new SendRequestFactory("pg", "TBW102", 4, new BodyCompressor(4096, 5));
        assertThat(f.single(reply, "U", new MessageQueue(reply.topic(), "broker-a", 0), 1).code())
            .isEqualTo(RequestCode.SEND_REPLY_MESSAGE_V2);
        assertThat(f.single(Message.of("T", "x"), "U", new MessageQueue("T", "broker-a", 0), 1).code())
            .isEqualTo(RequestCode.SEND_MESSAGE_V2);

        ReceivedMessage notARequest = ReceivedMessage.of(stored, "Requests", "broker-a", 0, Map.of());
        assertThatThrownBy(() -> Replies.reply(notARequest, new byte[] {1}))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a request");
    }

    @Test
    void waitersCompleteOnceAndForgetFinishedRequests() {
        ReplyWaiters w = new ReplyWaiters();
        CompletableFuture<ReceivedMessage> f = w.register("c-3");
        assertThat(w.size()).isEqualTo(1);
        assertThat(w.complete("other", null)).isFalse();
        ReceivedMessage m = ReplyMessages.received(header("", 0), new byte[] {1}, 1L);
        assertThat(w.complete("c-3", m)).isTrue();
        assertThat(f).isCompletedWithValue(m);
        assertThat(w.size()).isZero();
        assertThat(w.complete("c-3", m)).isFalse();
    }
}
