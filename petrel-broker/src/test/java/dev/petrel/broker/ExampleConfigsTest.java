package dev.petrel.broker;

import dev.petrel.broker.ha.ClassicReplication;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example broker.conf files of docs/operations.md ({@code conf/examples/2m-2s-sync}) run as documented: the
 * SYNC_MASTER and its SLAVE find each other through the NameServer, and a send is answered once the slave holds it.
 * Only what cannot be shared with other tests on this machine is replaced: ports, directories, the NameServer.
 */
class ExampleConfigsTest {

    @TempDir
    Path dir;

    static Path examples() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("conf/examples/2m-2s-sync"))) {
            p = p.getParent();
        }
        assertThat(p).as("conf/examples/2m-2s-sync above " + Path.of("").toAbsolutePath()).isNotNull();
        return p.resolve("conf/examples/2m-2s-sync");
    }

    /** The file's properties without the machine-wide ones (the fixture chooses port and directory). */
    static Map<String, String> load(String file, String namesrv) throws IOException {
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(examples().resolve(file))) {
            props.load(r);
        }
        Map<String, String> m = new HashMap<>();
        props.forEach((k, v) -> m.put((String) k, (String) v));
        BrokerConfig.FILE.parse(m, unknown -> {
            throw new IllegalArgumentException(file + ": unknown key " + unknown);
        });
        m.remove("listenPort");
        m.remove("storePathRootDir");
        m.put("namesrvAddr", namesrv);
        return m;
    }

    @Test
    void theSyncMasterAndItsSlaveOfTheExampleRunTogether() throws Exception {
        try (RoutingNameServer ns = new RoutingNameServer()) {
            Map<String, String> master = load("broker-a.properties", ns.address());
            Map<String, String> slave = load("broker-a-s.properties", ns.address());
            assertThat(master).containsEntry("brokerRole", "SYNC_MASTER").containsEntry("brokerName", "broker-a");
            assertThat(slave).containsEntry("brokerRole", "SLAVE").containsEntry("brokerId", "1");
            load("broker-b.properties", ns.address());
            load("broker-b-s.properties", ns.address());
            try (BrokerFixture m = new BrokerFixture(dir.resolve("a"), master);
                 BrokerFixture s = new BrokerFixture(dir.resolve("a-s"), slave)) {
                assertThat(ns.last(1).brokerAddr()).isEqualTo(s.address());
                ClassicReplication mr = (ClassicReplication) m.broker.replication();
                Await.until(Duration.ofSeconds(60), "slave in sync", () -> mr.acks().inSync(0, 0) == 1);
                assertThat(m.send("ExampleTopic", 0, "replicated before the answer").code())
                    .isEqualTo(ResponseCode.SUCCESS);
                assertThat(s.broker.store().commitLogMaxOffset()).isEqualTo(m.broker.store().commitLogMaxOffset());
            }
        }
    }
}
