package dev.petrel.compat.namesrv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.testkit.ChildJvm;
import dev.petrel.testkit.FreePorts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/petrel standalone}, the real script, as the README tells a newcomer to run it. */
class PetrelScriptTest {

    @TempDir
    Path dir;

    @Test
    void standalonePrintsItsReadyLineServesRoutesAndStopsOnSigterm() throws Exception {
        Path root = PetrelProcess.serverDir().getParent().getParent();
        Path script = root.resolve("bin").resolve("petrel");
        int port = FreePorts.next();
        Path conf = dir.resolve("standalone.conf");
        Files.writeString(conf, "namesrvAddr=127.0.0.1:" + port + "\nbindAddress=127.0.0.1\nkvConfigPath="
            + dir.resolve("kvConfig.json") + "\n");
        ChildJvm petrel = ChildJvm.start("bin-petrel", List.of(script.toString(), "standalone", "-c", conf.toString()),
            Map.of("PETREL_SKIP_BUILD", "1", "PETREL_LOG_DIR", dir.resolve("logs").toString(),
                "PETREL_JAVA_OPTS", "-Xmx256m -XX:+UseSerialGC"), dir.resolve("petrel.out"));
        try {
            String ready = petrel.awaitLine(Duration.ofSeconds(60), "the ready line",
                line -> PetrelProcess.READY.matcher(line).find());
            Matcher m = PetrelProcess.READY.matcher(ready);
            assertThat(m.find()).isTrue();
            assertThat(m.group(1)).isEqualTo("standalone");
            assertThat(m.group(3)).startsWith("NameServer on 127.0.0.1:" + port);

            DefaultMQAdminExt admin = AdminTools.admin("127.0.0.1:" + port);
            try {
                assertThatThrownBy(() -> admin.examineTopicRouteInfo("TopicTest"))
                    .isInstanceOfSatisfying(MQClientException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
                assertThat(admin.examineBrokerClusterInfo().getBrokerAddrTable()).isEmpty();
            } finally {
                admin.shutdown();
            }

            petrel.process().toHandle().destroy();
            assertThat(petrel.waitForExit(Duration.ofSeconds(30))).isTrue();
            assertThat(petrel.process().exitValue()).as("the JVM's exit code after SIGTERM").isEqualTo(143);
            assertThat(petrel.lines()).anyMatch(l -> l.endsWith("Petrel standalone stopped"));
            assertThat(Files.readString(dir.resolve("logs/standalone.log"))).contains("Petrel standalone stopped");
        } finally {
            petrel.close();
        }
    }
}
