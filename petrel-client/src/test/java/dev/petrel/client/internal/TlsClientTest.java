package dev.petrel.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.ClientConfig;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsMode;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Petrel client with {@code useTls(true)} reaches a NameServer port in enforcing mode, checking its certificate
 * against the CA; one without TLS is refused before its request is read. Certificates from bin/make-test-certs.sh.
 */
class TlsClientTest {

    @TempDir
    Path dir;

    @Test
    void aTlsClientIsServedByAnEnforcingServerAndAPlaintextOneIsRefused() throws Exception {
        Path certs = makeCertificates(dir.resolve("certs"));
        String noOverlay = dir.resolve("no-tls.properties").toString();
        List<RemotingCommand> seen = new CopyOnWriteArrayList<>();
        RemotingServer namesrv = new RemotingServer("tls-namesrv", RemotingServerConfig.defaults()
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1")
            .with(TlsConfig.TLS_SERVER_MODE, TlsMode.ENFORCING)
            .with(TlsConfig.TLS_TEST_MODE_ENABLE, false)
            .with(TlsConfig.TLS_CONFIG_FILE, noOverlay)
            .with(TlsConfig.TLS_SERVER_CERT_PATH, certs.resolve("server.pem").toString())
            .with(TlsConfig.TLS_SERVER_KEY_PATH, certs.resolve("server.key").toString()), Clock.system());
        namesrv.registerProcessor(RequestCode.GET_ROUTEINFO_BY_TOPIC, (ctx, request) -> {
            seen.add(request);
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "No topic route info in name server for the topic");
        });
        namesrv.start();
        String address = "127.0.0.1:" + namesrv.port();
        try (namesrv;
             PetrelProducer tls = PetrelProducer.builder().namesrvAddr(address).group("pg").instanceName("tls")
                 .useTls(true).set(TlsConfig.TLS_CLIENT_AUTH_SERVER, true)
                 .set(TlsConfig.TLS_CLIENT_TRUST_CERT_PATH, certs.resolve("ca.pem").toString())
                 .set(TlsConfig.TLS_CONFIG_FILE, noOverlay)
                 .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000).build();
             PetrelProducer plain = PetrelProducer.builder().namesrvAddr(address).group("pg").instanceName("plain")
                 .set(TlsConfig.TLS_CONFIG_FILE, noOverlay).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000).build()) {
            assertThatThrownBy(() -> tls.send(Message.builder("NoSuchTopic").body("x").build(), Duration.ofSeconds(30)))
                .as("no route, but asked over TLS").isNotNull();
            Await.until(Duration.ofSeconds(60), "the route query over TLS", () -> !seen.isEmpty());
            assertThat(seen.get(0).extField("topic")).isEqualTo("NoSuchTopic");

            seen.clear();
            assertThatThrownBy(() -> plain.send(Message.builder("NoSuchTopic").body("x").build(), Duration.ofSeconds(30)))
                .isNotNull();
            Await.until(Duration.ofSeconds(60), "the plaintext connection refused",
                () -> namesrv.metrics().tlsRefused() > 0);
            assertThat(seen).as("the plaintext request was never read").isEmpty();
        }
    }

    private static Path makeCertificates(Path target) throws Exception {
        Path script = Path.of(System.getProperty("user.dir")).getParent().resolve("bin").resolve("make-test-certs.sh");
        Process p = new ProcessBuilder("bash", script.toString(), target.toString()).redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("make-test-certs.sh finished").isTrue();
        assertThat(p.exitValue()).as("make-test-certs.sh exit code").isZero();
        return target;
    }
}
