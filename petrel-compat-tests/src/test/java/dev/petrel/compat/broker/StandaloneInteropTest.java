package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's command, {@code bin/petrel standalone}, with no configuration at all: a NameServer on 9876 and a broker
 * on 10911 that the official 5.3.1 client uses with {@code namesrvAddr=127.0.0.1:9876}, keeping its data in
 * {@code ~/petrel} (here a temporary home). Needs ports 9876 and 10911 free, as the README does.
 */
class StandaloneInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path home;

    @Test
    void theReadmeCommandGivesABrokerTheOfficialClientUses() throws Exception {
        Path script = PetrelProcess.serverDir().getParent().getParent().resolve("bin").resolve("petrel");
        ChildJvm petrel = ChildJvm.start("bin-petrel-standalone", List.of(script.toString(), "standalone"),
            Map.of("PETREL_SKIP_BUILD", "1", "PETREL_LOG_DIR", home.resolve("logs").toString(),
                "PETREL_JAVA_OPTS", "-Xmx512m -XX:+UseSerialGC -Duser.home=" + home), home.resolve("standalone.out"));
        try {
            String ready = petrel.awaitLine(WAIT, "the ready line", line -> PetrelProcess.READY.matcher(line).find());
            Matcher m = PetrelProcess.READY.matcher(ready);
            assertThat(m.find()).isTrue();
            System.out.printf("standalone: %s%n", ready);
            assertThat(m.group(3)).contains("NameServer on 0.0.0.0:9876").contains("broker broker-a of cluster DefaultCluster")
                .contains(":10911").contains("store " + home.resolve("petrel/store"));

            DefaultMQProducer producer = Clients.producer("127.0.0.1:9876", "standalonePG");
            try (Clients.Recording consumer = new Clients.Recording("127.0.0.1:9876", "standaloneCG", "StandaloneTopic", "*",
                MessageModel.CLUSTERING)) {
                assertThat(producer.send(new Message("StandaloneTopic", "TagA", "hello".getBytes(StandardCharsets.UTF_8)))
                    .getSendStatus()).isEqualTo(SendStatus.SEND_OK);
                var admin = Clients.admin("127.0.0.1:9876");
                try {
                    Await.value(WAIT, "the auto-created topic's route", () -> admin.examineTopicRouteInfo("StandaloneTopic"),
                        r -> !r.getQueueDatas().isEmpty());
                } finally {
                    admin.shutdown();
                }
                consumer.start();
                Await.until(WAIT, "the message", () -> consumer.bodies().contains("hello"));
            } finally {
                producer.shutdown();
            }
            petrel.process().toHandle().destroy();
            assertThat(petrel.waitForExit(Duration.ofSeconds(30))).isTrue();
            assertThat(Files.exists(home.resolve("petrel/store/commitlog"))).isTrue();
            assertThat(Files.exists(home.resolve("petrel/store/config/topics.json"))).isTrue();
        } finally {
            petrel.close();
        }
    }
}
