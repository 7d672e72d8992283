package dev.petrel.broker;

import dev.petrel.broker.ha.ClassicReplication;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A slave without {@code haMasterAddress} learns its master from the NameServer's REGISTER_BROKER answer
 * (ha.md §1.3): it registers brokerId 1 with its haServerAddr, follows the announced HA address and syncs metadata from
 * the announced broker address.
 */
class SlaveRegistrationTest {

    @TempDir
    Path dir;

    @Test
    void slaveLearnsItsMasterFromTheNameServerAndRegistersAsBrokerIdOne() throws Exception {
        try (RoutingNameServer ns = new RoutingNameServer();
             BrokerFixture master = new BrokerFixture(dir.resolve("m"), Map.of("namesrvAddr", ns.address(),
                 "brokerRole", "SYNC_MASTER", "mappedFileSizeCommitLog", Integer.toString(HaPair.FILE_SIZE)));
             BrokerFixture slave = new BrokerFixture(dir.resolve("s"), Map.of("namesrvAddr", ns.address(),
                 "brokerRole", "SLAVE", "brokerId", "1", "mappedFileSizeCommitLog",
                 Integer.toString(HaPair.FILE_SIZE), "slaveSynchronizeInterval", "200"))) {
            RegisterBrokerRequestHeader m = ns.last(0);
            assertThat(m.brokerAddr()).isEqualTo(master.address());
            assertThat(m.haServerAddr()).isEqualTo("127.0.0.1:" + (master.port + 1));
            RegisterBrokerRequestHeader s = ns.last(1);
            assertThat(s.brokerAddr()).isEqualTo(slave.address());
            assertThat(s.brokerName()).isEqualTo("broker-a");
            assertThat(s.haServerAddr()).isEqualTo("127.0.0.1:" + (slave.port + 1));

            ClassicReplication replication = (ClassicReplication) slave.broker.replication();
            assertThat(replication.followedMaster()).isEqualTo(m.haServerAddr());
            assertThat(replication.slaveSynchronize().masterAddress()).isEqualTo(master.address());
            Await.until(Duration.ofSeconds(60), "following", replication::isFollowing);
            Await.until(Duration.ofSeconds(60), "in sync", () -> ((ClassicReplication) master.broker.replication())
                .acks().inSync(0, 0) == 1);

            RemotingCommand sent = master.send("Registered", 0, "via the NameServer");
            assertThat(sent.code()).isEqualTo(ResponseCode.SUCCESS);
            Await.until(Duration.ofSeconds(60), "topic and message on the slave",
                () -> slave.broker.topics().contains("Registered")
                    && slave.broker.store().maxOffsetInQueue("Registered", 0) == 1);
            Map<String, String> info = replication.runtimeInfo();
            assertThat(info).containsEntry("haMasterAddress", m.haServerAddr()).containsEntry("haMasterConnected", "true")
                .containsEntry("masterAddr", master.address());
            assertThat(((ClassicReplication) master.broker.replication()).runtimeInfo())
                .containsEntry("haConnectionNums", "1").containsEntry("inSyncSlaveNums", "1")
                .containsEntry("haSlaveFallBehindBytes", "0");
        }
    }
}
