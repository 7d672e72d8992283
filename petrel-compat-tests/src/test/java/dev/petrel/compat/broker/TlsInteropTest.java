package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.netty.TlsSystemConfig;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * TLS with the official 5.3.1 client against one {@code petrel standalone} process in enforcing mode, its
 * certificates made by {@code bin/make-test-certs.sh} (the script docs/security.md gives) with an encrypted server
 * key: a producer and a push consumer with {@code setUseTLS(true)} send and consume; a plaintext client is refused
 * and the server says why; a client that checks the server's certificate against another CA refuses it and one
 * with the right CA accepts it. The broker registers with its enforcing NameServer over TLS (checking the
 * NameServer's certificate, tls.client.authServer), or no route would exist. The key password appears neither in
 * the logs nor in getBrokerConfig.
 */
class TlsInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "TlsTopic";
    private static final String KEY_PASSWORD = "keyPw-31337-tls";

    @TempDir
    static Path dir;
    static Path certs;
    static PetrelProcess petrel;
    static String ns;
    static DefaultMQAdminExt admin;
    static String broker;

    @BeforeAll
    static void start() throws Exception {
        certs = makeCertificates(dir.resolve("certs"));
        petrel = PetrelProcess.standalone(dir.resolve("petrel"))
            .property("tls.server.mode", "enforcing")
            .property("tls.test.mode.enable", "false")
            .property("tls.config.file", dir.resolve("no-tls.properties").toString())
            .property("tls.server.keyPath", certs.resolve("server.enc.key").toString())
            .property("tls.server.keyPassword", KEY_PASSWORD)
            .property("tls.server.certPath", certs.resolve("server.pem").toString())
            .property("tls.client.authServer", "true")
            .property("tls.client.trustCertPath", certs.resolve("ca.pem").toString())
            .start();
        ns = petrel.namesrvAddr();
        admin = new DefaultMQAdminExt(30_000);
        admin.setNamesrvAddr(ns);
        admin.setInstanceName(Clients.instance("tls-admin"));
        admin.setUseTLS(true);
        admin.start();
        ClusterInfo cluster = Await.value(WAIT, "the broker's registration (over TLS)",
            admin::examineBrokerClusterInfo, c -> !c.getBrokerAddrTable().isEmpty());
        broker = cluster.getBrokerAddrTable().values().iterator().next().getBrokerAddrs().get(0L);
        admin.createAndUpdateTopicConfig(broker, new org.apache.rocketmq.common.TopicConfig(TOPIC, 2, 2, 6));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (petrel != null) {
            petrel.close();
        }
    }

    @Test
    void theOfficialClientWithTlsSendsAndConsumesAndAPlaintextOneIsRefused() throws Exception {
        DefaultMQProducer producer = producer(true);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("tlsCG");
        consumer.setNamesrvAddr(ns);
        consumer.setInstanceName(Clients.instance("tls-consumer"));
        consumer.setUseTLS(true);
        try {
            Clients.sendThreeAndConsumeThem(producer, consumer, TOPIC, WAIT);

            Properties config = admin.getBrokerConfig(broker);
            assertThat(config.getProperty("tls.server.mode")).isEqualToIgnoringCase("enforcing");
            assertThat(config.getProperty("tls.server.keyPassword")).isEqualTo("******");
            assertThat(config.toString()).doesNotContain(KEY_PASSWORD);
        } finally {
            producer.shutdown();
        }

        DefaultMQProducer plain = producer(false);
        try {
            Throwable refused = catchThrowable(() -> plain.send(new Message(TOPIC, "clear".getBytes(StandardCharsets.UTF_8))));
            assertThat(refused).as("a plaintext send").isNotNull();
        } finally {
            plain.shutdown();
        }
        Await.until(WAIT, "the refusal in Petrel's log", () -> logs().contains("accepts TLS connections only"));
    }

    @Test
    void aClientCheckingTheCertificateRefusesOneFromAnotherCaAndAcceptsPetrels() throws Exception {
        Path impostor = makeCertificates(dir.resolve("impostor"));
        // The official client reads these once, as static fields from system properties; set them for the two
        // producers made here only (test classes run one at a time in a fork) and restore them.
        boolean testMode = TlsSystemConfig.tlsTestModeEnable;
        boolean authServer = TlsSystemConfig.tlsClientAuthServer;
        String trust = TlsSystemConfig.tlsClientTrustCertPath;
        String configFile = TlsSystemConfig.tlsConfigFile;
        try {
            TlsSystemConfig.tlsTestModeEnable = false;
            TlsSystemConfig.tlsClientAuthServer = true;
            TlsSystemConfig.tlsConfigFile = dir.resolve("no-tls.properties").toString();
            TlsSystemConfig.tlsClientTrustCertPath = impostor.resolve("ca.pem").toString();
            DefaultMQProducer wrongCa = producer(true);
            try {
                assertThat(catchThrowable(() -> wrongCa.send(new Message(TOPIC, "x".getBytes(StandardCharsets.UTF_8)))))
                    .as("a send to a server whose certificate the client does not trust").isNotNull();
            } finally {
                wrongCa.shutdown();
            }
            TlsSystemConfig.tlsClientTrustCertPath = certs.resolve("ca.pem").toString();
            DefaultMQProducer rightCa = producer(true);
            try {
                assertThat(rightCa.send(new Message(TOPIC, "checked".getBytes(StandardCharsets.UTF_8))).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            } finally {
                rightCa.shutdown();
            }
        } finally {
            TlsSystemConfig.tlsTestModeEnable = testMode;
            TlsSystemConfig.tlsClientAuthServer = authServer;
            TlsSystemConfig.tlsClientTrustCertPath = trust;
            TlsSystemConfig.tlsConfigFile = configFile;
        }
        assertThat(logs()).as("the key password is never logged").doesNotContain(KEY_PASSWORD);
    }

    private static DefaultMQProducer producer(boolean tls) throws Exception {
        DefaultMQProducer p = new DefaultMQProducer("tlsPG");
        p.setNamesrvAddr(ns);
        p.setInstanceName(Clients.instance(tls ? "tls-producer" : "plain-producer"));
        p.setUseTLS(tls);
        p.setSendMsgTimeout(30_000);
        p.setRetryTimesWhenSendFailed(0);
        p.start();
        return p;
    }

    /** Runs the documented script; the keys exist only under this test's temporary directory. */
    private static Path makeCertificates(Path target) throws Exception {
        Path script = PetrelProcess.serverDir().getParent().getParent().resolve("bin").resolve("make-test-certs.sh");
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString(), target.toString()).redirectErrorStream(true)
            .redirectOutput(dir.resolve(target.getFileName() + "-make-test-certs.out").toFile());
        pb.environment().put("PETREL_KEY_PASSWORD", KEY_PASSWORD);
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("make-test-certs.sh finished").isTrue();
        assertThat(p.exitValue()).as("make-test-certs.sh exit code").isZero();
        for (String f : List.of("ca.pem", "server.pem", "server.enc.key", "client.pem", "client.key")) {
            assertThat(target.resolve(f)).isRegularFile();
        }
        return target;
    }

    /** Everything the Petrel process wrote: its console and log files. */
    private static String logs() {
        StringBuilder all = new StringBuilder(String.join("\n", petrel.lines()));
        try (Stream<Path> files = Files.walk(dir.resolve("petrel"))) {
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("store"))
                .filter(p -> !p.getFileName().toString().endsWith(".conf")).toList()) {
                all.append('\n').append(Files.readString(p, StandardCharsets.ISO_8859_1));
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return all.toString();
    }
}
