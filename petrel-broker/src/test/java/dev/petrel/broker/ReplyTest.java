package dev.petrel.broker;

import dev.petrel.common.time.Clock;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** SEND_REPLY_MESSAGE_V2 over real sockets: the reply is pushed to the requesting client and stored. */
class ReplyTest {

    private static final String REPLY_TOPIC = "DefaultCluster_REPLY_TOPIC";
    private static final RecordHeaderCodec<ReplyMessageRequestHeader> PUSH = RecordHeaderCodec.of(ReplyMessageRequestHeader.class);

    @TempDir
    Path dir;
    private BrokerFixture f;
    private RemotingClient requester;
    private final BlockingQueue<RemotingCommand> pushed = new LinkedBlockingQueue<>();

    @BeforeEach
    void start() throws Exception {
        f = new BrokerFixture(dir);
        requester = new RemotingClient("requester", RemotingClientConfig.defaults(), Clock.system());
        requester.registerProcessor(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, (ctx, request) -> {
            pushed.add(request);
            return request.response(ResponseCode.SUCCESS, null);
        });
        requester.start();
        RemotingCommand hb = requester.invokeSync(f.address(), RemotingCommand.request(RequestCode.HEART_BEAT, Map.of(),
            HeartbeatData.CODEC.encode(new HeartbeatData("req-1", Set.of(), 0, Set.of(new ProducerData("rg")), false))),
            5_000);
        assertThat(hb.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @AfterEach
    void stop() {
        requester.close();
        f.close();
    }

    private RemotingCommand reply(String replyTo, String body) throws Exception {
        String props = replyTo == null
            ? BrokerFixture.props("MSG_TYPE", "reply", "CORRELATION_ID", "corr-1")
            : BrokerFixture.props("MSG_TYPE", "reply", "CORRELATION_ID", "corr-1", "REPLY_TO_CLIENT", replyTo, "TTL", "3000");
        SendMessageRequestHeader h = new SendMessageRequestHeader("replier", REPLY_TOPIC, "TBW102", 4, 0, 0, 5L, 0, props,
            0, false, false, null, RpcFields.toBroker("broker-a"));
        return f.call(RemotingCommand.request(RequestCode.SEND_REPLY_MESSAGE_V2, SendMessageV2HeaderCodec.INSTANCE.encode(h),
            body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void replyIsPushedToTheRequesterAndStored() throws Exception {
        RemotingCommand r = reply("req-1", "the answer");
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand push = pushed.poll(5, TimeUnit.SECONDS);
        assertThat(push).isNotNull();
        assertThat(new String(push.body(), StandardCharsets.UTF_8)).isEqualTo("the answer");
        ReplyMessageRequestHeader h = PUSH.decode(push.extFields()).value();
        assertThat(h.topic()).isEqualTo(REPLY_TOPIC);
        assertThat(h.producerGroup()).isEqualTo("replier");
        assertThat(h.storeHost()).isEqualTo(f.address());
        assertThat(PropertiesCodec.decode(h.properties())).containsEntry("CORRELATION_ID", "corr-1")
            .containsEntry("REPLY_TO_CLIENT", "req-1").containsKey("PUSH_REPLY_TIME");
        Await.until(Duration.ofSeconds(5), "reply stored", () -> f.broker.store().maxOffsetInQueue(REPLY_TOPIC, 0) == 1);
        assertThat(r.extField("queueOffset")).isEqualTo("0");
    }

    @Test
    void replyToAnUnknownClientIsRefusedWithTheReason() throws Exception {
        RemotingCommand r = reply("nobody", "lost");
        assertThat(r.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(r.remark()).isEqualTo("push reply message fail, channel of <nobody> not found.");
        RemotingCommand none = reply(null, "lost");
        assertThat(none.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(none.remark()).contains("REPLY_TO_CLIENT");
        assertThat(pushed).isEmpty();
    }
}
