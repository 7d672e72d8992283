package dev.petrel.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.ClientConfig;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** A client given credentials signs every request as the official client's ACL hook does; one without does not. */
class RequestSigningTest {

    @Test
    void requestsCarryTheAccessKeyAndAVerifyingSignature() throws Exception {
        List<RemotingCommand> seen = new CopyOnWriteArrayList<>();
        RemotingServer namesrv = new RemotingServer("sign-namesrv", RemotingServerConfig.defaults()
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1"), Clock.system());
        namesrv.registerProcessor(RequestCode.GET_ROUTEINFO_BY_TOPIC, (ctx, request) -> {
            seen.add(request);
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "No topic route info in name server for the topic");
        });
        namesrv.start();
        try (namesrv;
             PetrelProducer signed = PetrelProducer.builder().namesrvAddr("127.0.0.1:" + namesrv.port()).group("pg")
                 .instanceName("signed").credentials("alice", "aliceSecret-42")
                 .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000).build();
             PetrelProducer plain = PetrelProducer.builder().namesrvAddr("127.0.0.1:" + namesrv.port()).group("pg")
                 .instanceName("plain").set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000).build()) {
            assertThatThrownBy(() -> signed.send(Message.builder("NoSuchTopic").body("x").build(), Duration.ofSeconds(30)))
                .isNotNull();
            Await.until(Duration.ofSeconds(60), "a signed route query", () -> !seen.isEmpty());
            RemotingCommand request = seen.get(0);
            assertThat(request.extField("AccessKey")).isEqualTo("alice");
            assertThat(request.extField("topic")).isEqualTo("NoSuchTopic");
            assertThat(RequestSignature.verify("aliceSecret-42", RequestSignature.content(request),
                request.extField("Signature"))).isTrue();
            assertThat(request.extFields().values()).doesNotContain("aliceSecret-42");

            seen.clear();
            assertThatThrownBy(() -> plain.send(Message.builder("NoSuchTopic").body("x").build(), Duration.ofSeconds(30)))
                .isNotNull();
            Await.until(Duration.ofSeconds(60), "an unsigned route query", () -> !seen.isEmpty());
            assertThat(seen.get(0).extFields()).doesNotContainKeys("AccessKey", "Signature");
        }
    }

    @Test
    void halfCredentialsAreRefusedAndTheSecretIsRedacted() {
        assertThatThrownBy(() -> PetrelProducer.builder().namesrvAddr("127.0.0.1:1").group("pg")
            .set(ClientConfig.ACCESS_KEY, "alice").build())
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("accessKey and secretKey");
        var config = ClientConfig.DEFINITION.defaults().with(ClientConfig.SECRET_KEY, "topSecret-1");
        assertThat(config.asText()).containsEntry("secretKey", "******");
        assertThat(config.toString()).doesNotContain("topSecret-1");
    }
}
