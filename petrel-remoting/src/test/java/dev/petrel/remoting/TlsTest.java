package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.TestCertificates.Authority;
import dev.petrel.remoting.TestCertificates.Files2;
import dev.petrel.remoting.tls.ClientAuthMode;
import dev.petrel.remoting.tls.ReloadingSslContext;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsMode;
import dev.petrel.testkit.Await;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * TLS on real sockets with certificates made for the test: the three server modes, mutual TLS, a checking client
 * meeting a certificate it does not trust, encrypted keys, and certificates replaced while the server runs.
 */
class TlsTest extends RemotingFixture {

    private static final String KEY_PASSWORD = "kp-Secret-7731";
    private static final RequestProcessor ECHO = (ctx, request) -> request.newResponse(ResponseCode.SUCCESS)
        .body(request.body()).build();

    @TempDir
    Path dir;
    private Authority ca;
    private Files2 serverPair;
    private Files2 clientPair;
    private Path trust;
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

    @BeforeEach
    void certificates() {
        ca = TestCertificates.authority("petrel-test-ca");
        serverPair = ca.issue("petrel-server").write(dir, "server", null);
        clientPair = ca.issue("petrel-client").write(dir, "client", null);
        trust = ca.writeTrust(dir.resolve("ca.pem"));
        logs.start();
        for (Class<?> c : List.of(TlsDetectHandler.class, ConnectionHandler.class, ReloadingSslContext.class)) {
            ((Logger) LoggerFactory.getLogger(c)).addAppender(logs);
        }
    }

    @AfterEach
    void detachLogs() {
        for (Class<?> c : List.of(TlsDetectHandler.class, ConnectionHandler.class, ReloadingSslContext.class)) {
            ((Logger) LoggerFactory.getLogger(c)).detachAppender(logs);
        }
    }

    @Test
    void enforcingServesTlsAndClosesPlaintextConnectionsBeforeReadingAFrame() throws Exception {
        RemotingServer server = started(tlsServer(TlsMode.ENFORCING, serverPair));
        RemotingClient tls = started(checkingClient(trust));
        assertThat(echo(tls, server, "over tls")).isEqualTo("over tls");
        assertThat(peerCertificate(tls, server).getSubjectX500Principal().getName()).contains("CN=petrel-server");

        RemotingClient plain = started(clientConfig().with(TlsConfig.TLS_CONFIG_FILE, absentOverlay()));
        assertThatThrownBy(() -> echo(plain, server, "in clear")).isInstanceOf(RemotingException.class);
        try (RawPeer peer = new RawPeer(server.port())) {
            peer.send(RemotingCommand.newRequest(RequestCode.HEART_BEAT).build());
            assertThat(peer.closedByPeer()).isTrue();
        }
        assertThat(server.metrics().tlsRefused()).isEqualTo(2);
        assertThat(server.metrics().framesIn()).as("only the TLS client's frame was read").isEqualTo(1);
        assertThat(warnings("tls.server.mode=enforcing accepts TLS connections only")).as("one line per refusal")
            .hasSize(2);
    }

    @Test
    void permissiveServesTlsAndPlaintextOnOnePort() throws Exception {
        RemotingServer server = started(tlsServer(TlsMode.PERMISSIVE, serverPair));
        RemotingClient tls = started(checkingClient(trust));
        RemotingClient plain = started(clientConfig().with(TlsConfig.TLS_CONFIG_FILE, absentOverlay()));
        for (int i = 0; i < 3; i++) {
            assertThat(echo(tls, server, "tls-" + i)).isEqualTo("tls-" + i);
            assertThat(echo(plain, server, "plain-" + i)).isEqualTo("plain-" + i);
        }
        assertThat(server.metrics().framesIn()).isEqualTo(6);
        assertThat(server.metrics().tlsConnections()).isEqualTo(1);
        assertThat(server.metrics().tlsRefused()).isZero();
    }

    @Test
    void disabledServesPlaintextOnlyAndATlsClientIsToldWhy() throws Exception {
        RemotingServer server = started(tlsServer(TlsMode.DISABLED, serverPair));
        assertThat(echo(started(clientConfig()), server, "plain")).isEqualTo("plain");
        RemotingClient tls = started(checkingClient(trust));
        assertThatThrownBy(() -> echo(tls, server, "tls")).isInstanceOf(RemotingConnectException.class)
            .hasMessageContaining("TLS handshake failed");
    }

    @Test
    void mutualTlsRefusesClientsWithoutATrustedCertificate() throws Exception {
        RemotingServer server = started(tlsServer(TlsMode.ENFORCING, serverPair)
            .with(TlsConfig.TLS_SERVER_NEED_CLIENT_AUTH, ClientAuthMode.REQUIRE)
            .with(TlsConfig.TLS_SERVER_AUTH_CLIENT, true)
            .with(TlsConfig.TLS_SERVER_TRUST_CERT_PATH, trust.toString()));

        RemotingClient withCertificate = started(withClientPair(checkingClient(trust), clientPair));
        assertThat(echo(withCertificate, server, "mutual")).isEqualTo("mutual");

        RemotingClient without = started(checkingClient(trust));
        assertThatThrownBy(() -> echo(without, server, "anonymous")).isInstanceOf(RemotingException.class);

        Files2 strangerPair = TestCertificates.authority("other-ca").issue("stranger").write(dir, "stranger", null);
        RemotingClient stranger = started(withClientPair(checkingClient(trust), strangerPair));
        assertThatThrownBy(() -> echo(stranger, server, "stranger")).isInstanceOf(RemotingException.class);

        Await.until(WAIT, "both refused handshakes counted", () -> server.metrics().tlsHandshakeFailures() == 2);
        assertThat(server.metrics().framesIn()).isEqualTo(1);
    }

    @Test
    void aCheckingClientRefusesACertificateItDoesNotTrustAndATrustingOneAcceptsIt() throws Exception {
        Files2 wrong = TestCertificates.authority("impostor-ca").issue("petrel-server").write(dir, "wrong", null);
        RemotingServer server = started(tlsServer(TlsMode.ENFORCING, wrong));

        RemotingClient checking = started(checkingClient(trust));
        assertThatThrownBy(() -> echo(checking, server, "x")).isInstanceOf(RemotingConnectException.class)
            .hasMessageContaining("TLS handshake failed").hasMessageContaining("not trusted");
        assertThat(server.metrics().framesIn()).isZero();

        RemotingClient trusting = started(clientConfig().with(RemotingClientConfig.USE_TLS, true)
            .with(TlsConfig.TLS_CONFIG_FILE, absentOverlay()));
        assertThat(echo(trusting, server, "as RocketMQ's default client")).isEqualTo("as RocketMQ's default client");
    }

    @Test
    void newConnectionsGetReplacedCertificatesAndAHalfReplacedPairIsNotServed() throws Exception {
        RemotingServer server = started(tlsServer(TlsMode.ENFORCING, serverPair)
            .with(TlsConfig.TLS_FILE_CHECK_INTERVAL_MILLIS, 100));
        RemotingClient first = started(checkingClient(trust));
        assertThat(commonName(peerCertificate(first, server))).isEqualTo("petrel-server");

        TestCertificates.Issued renewed = ca.issue("petrel-server-renewed");
        Path staged = Files.createDirectory(dir.resolve("staged"));
        Files2 next = renewed.write(staged, "server", null);
        // The key first: until the certificate follows, the pair does not match and the old one stays in use.
        Files.copy(next.key(), serverPair.key(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Await.until(WAIT, "the mismatch to be noticed", () -> !warnings("does not belong to certificate").isEmpty());
        assertThat(commonName(peerCertificate(started(checkingClient(trust)), server))).isEqualTo("petrel-server");

        Files.copy(next.cert(), serverPair.cert(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Await.until(Duration.ofSeconds(60), "a new connection to see the renewed certificate",
            () -> "petrel-server-renewed".equals(newConnectionSees(server)));
        assertThat(echo(first, server, "still open")).as("the first connection survived the reload")
            .isEqualTo("still open");
        assertThat(commonName(peerCertificate(first, server))).isEqualTo("petrel-server");
    }

    @Test
    void encryptedKeysNeedTheirPasswordWhichNeverAppearsInErrorsOrConfigText() throws Exception {
        Files2 encrypted = ca.issue("petrel-server").write(dir, "encrypted", KEY_PASSWORD);
        assertThat(Files.readString(encrypted.key())).startsWith("-----BEGIN ENCRYPTED PRIVATE KEY-----");
        RemotingServerConfig config = tlsServer(TlsMode.ENFORCING, encrypted)
            .with(TlsConfig.TLS_SERVER_KEY_PASSWORD, KEY_PASSWORD);
        RemotingServer server = started(config);
        assertThat(echo(started(checkingClient(trust)), server, "ok")).isEqualTo("ok");
        assertThat(config.toString()).contains("tls.server.keyPassword").doesNotContain(KEY_PASSWORD);

        assertThatThrownBy(() -> server(tlsServer(TlsMode.ENFORCING, encrypted)
            .with(TlsConfig.TLS_SERVER_KEY_PASSWORD, "wrong-" + KEY_PASSWORD)))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("cannot decrypt private key")
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain(KEY_PASSWORD));
        assertThatThrownBy(() -> server(tlsServer(TlsMode.ENFORCING, encrypted)))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("is encrypted; set its keyPassword");
    }

    @Test
    void theTlsConfigFileOverridesTheKeysAndIsReadAgainOnReload() throws Exception {
        Path overlay = dir.resolve("tls.properties");
        Files.writeString(overlay, "tls.server.keyPath=" + serverPair.key() + "\ntls.server.certPath=" + serverPair.cert()
            + "\ntls.test.mode.enable=false\n");
        RemotingServer server = started(serverConfig().with(TlsConfig.TLS_SERVER_MODE, TlsMode.ENFORCING)
            .with(TlsConfig.TLS_CONFIG_FILE, overlay.toString()).with(TlsConfig.TLS_FILE_CHECK_INTERVAL_MILLIS, 0));
        Path clientOverlay = dir.resolve("client-tls.properties");
        Files.writeString(clientOverlay, "tls.client.authServer=true\ntls.client.trustCertPath=" + trust + "\n");
        RemotingClient client = started(clientConfig().with(RemotingClientConfig.USE_TLS, true)
            .with(TlsConfig.TLS_CONFIG_FILE, clientOverlay.toString()));
        assertThat(commonName(peerCertificate(client, server))).isEqualTo("petrel-server");

        Files2 other = ca.issue("petrel-from-overlay").write(dir, "other", null);
        Files.writeString(overlay, "tls.server.keyPath=" + other.key() + "\ntls.server.certPath=" + other.cert() + "\n");
        assertThat(server.reloadTls()).isTrue();
        assertThat(server.reloadTls()).as("nothing changed since").isFalse();
        assertThat(commonName(peerCertificate(started(checkingClient(trust)), server))).isEqualTo("petrel-from-overlay");
    }

    @Test
    void testModeServesASelfSignedCertificateMadeOnTheFirstTlsConnection() throws Exception {
        RemotingServer server = started(serverConfig().with(TlsConfig.TLS_CONFIG_FILE, absentOverlay()));
        assertThat(server.tlsMode()).as("RocketMQ's default").isEqualTo(TlsMode.PERMISSIVE);
        assertThat(echo(started(clientConfig()), server, "plain")).isEqualTo("plain");
        // Patient: the first TLS connection waits while the server makes its certificate (seconds on a busy machine).
        RemotingClient trusting = started(clientConfig().with(RemotingClientConfig.USE_TLS, true)
            .with(RemotingClientConfig.CONNECT_TIMEOUT_MILLIS, 60_000).with(TlsConfig.TLS_CONFIG_FILE, absentOverlay()));
        assertThat(echo(trusting, server, "self-signed")).isEqualTo("self-signed");
        assertThatThrownBy(() -> echo(started(checkingClient(trust)), server, "checked"))
            .hasMessageContaining("not trusted");
    }

    @Test
    void aServerWithoutCertificatesOutsideTestModeDoesNotStart() {
        assertThatThrownBy(() -> server(serverConfig().with(TlsConfig.TLS_SERVER_MODE, TlsMode.ENFORCING)
            .with(TlsConfig.TLS_TEST_MODE_ENABLE, false).with(TlsConfig.TLS_CONFIG_FILE, absentOverlay())))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("there is no certificate")
            .hasMessageContaining("tls.server.certPath");
    }

    // ---------------------------------------------------------------------------------------------------------

    private String absentOverlay() {
        return dir.resolve("no-such-tls.properties").toString();
    }

    private RemotingServerConfig tlsServer(TlsMode mode, Files2 pair) {
        return serverConfig().with(TlsConfig.TLS_SERVER_MODE, mode)
            .with(TlsConfig.TLS_TEST_MODE_ENABLE, false)
            .with(TlsConfig.TLS_SERVER_KEY_PATH, pair.key().toString())
            .with(TlsConfig.TLS_SERVER_CERT_PATH, pair.cert().toString())
            .with(TlsConfig.TLS_CONFIG_FILE, absentOverlay());
    }

    private RemotingClientConfig checkingClient(Path trustFile) {
        return clientConfig().with(RemotingClientConfig.USE_TLS, true)
            .with(TlsConfig.TLS_CLIENT_AUTH_SERVER, true)
            .with(TlsConfig.TLS_CLIENT_TRUST_CERT_PATH, trustFile.toString())
            .with(TlsConfig.TLS_CONFIG_FILE, absentOverlay());
    }

    private static RemotingClientConfig withClientPair(RemotingClientConfig config, Files2 pair) {
        return config.with(TlsConfig.TLS_CLIENT_KEY_PATH, pair.key().toString())
            .with(TlsConfig.TLS_CLIENT_CERT_PATH, pair.cert().toString());
    }

    private RemotingServer started(RemotingServerConfig config) {
        RemotingServer server = server(config);
        server.registerProcessor(RequestCode.HEART_BEAT, ECHO, executor("echo", 1, 100));
        server.start();
        return server;
    }

    private RemotingClient started(RemotingClientConfig config) {
        RemotingClient client = client(config);
        client.start();
        return client;
    }

    private static String echo(RemotingClient client, RemotingServer server, String text) throws Exception {
        RemotingCommand response = client.invokeSync(address(server), RemotingCommand.newRequest(RequestCode.HEART_BEAT)
            .body(text.getBytes(StandardCharsets.UTF_8)).build(), 30_000);
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static X509Certificate peerCertificate(RemotingClient client, RemotingServer server) throws Exception {
        NettyConnection c = (NettyConnection) client.connect(address(server));
        return (X509Certificate) c.channel().pipeline().get(SslHandler.class).engine().getSession()
            .getPeerCertificates()[0];
    }

    /** The common name a fresh connection sees, or null when it cannot connect. */
    private String newConnectionSees(RemotingServer server) {
        try {
            return commonName(peerCertificate(started(checkingClient(trust)), server));
        } catch (Exception e) {
            return null;
        }
    }

    private static String commonName(X509Certificate c) {
        String dn = c.getSubjectX500Principal().getName();
        int start = dn.indexOf("CN=") + 3;
        int end = dn.indexOf(',', start);
        return dn.substring(start, end < 0 ? dn.length() : end);
    }

    private List<String> warnings(String containing) {
        return logs.list.stream().filter(e -> e.getLevel() == Level.WARN).map(ILoggingEvent::getFormattedMessage)
            .filter(m -> m.contains(containing)).toList();
    }
}
