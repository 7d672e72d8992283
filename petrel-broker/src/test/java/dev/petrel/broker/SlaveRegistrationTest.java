package dev.petrel.broker;

import dev.petrel.broker.ha.ClassicReplication;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
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
            RemotingCommand runtime = master.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
            assertThat(KVTable.CODEC.decode(runtime.body()).table()).containsEntry("brokerRole", "SYNC_MASTER")
                .containsEntry("haConnectionNums", "1").containsEntry("inSyncSlaveNums", "1")
                .containsEntry("haSlaveFallBehindBytes", "0").containsEntry("haServerAddr", m.haServerAddr());

            // A newly announced HA address is followed at once; the stream resumes from the slave's max offset.
            String nowhere = "127.0.0.1:" + FreePorts.next();
            ns.announceMasters = false; // periodic re-registrations must not re-announce the master meanwhile
            replication.masterAnnounced(master.address(), nowhere);
            assertThat(replication.followedMaster()).isEqualTo(nowhere);
            ClassicReplication mr = (ClassicReplication) master.broker.replication();
            // A registration answered just before the flag flipped can still arrive and re-announce the real master
            // (run 70: 2 ms after the announce above); the NameServer announces nothing after it, so announcing again
            // while waiting settles it.
            Await.until(Duration.ofSeconds(60), "the old connection closed", () -> {
                if (!nowhere.equals(replication.followedMaster())) {
                    replication.masterAnnounced(master.address(), nowhere);
                }
                return nowhere.equals(replication.followedMaster()) && mr.slaveConnections() == 0;
            });
            replication.masterAnnounced(master.address(), m.haServerAddr());
            assertThat(replication.followedMaster()).isEqualTo(m.haServerAddr());
            Await.until(Duration.ofSeconds(60), "following again", () -> mr.acks().inSync(0, 0) == 1);
            assertThat(master.send("Registered", 0, "after the switch").code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(slave.broker.store().commitLogMaxOffset()).isEqualTo(master.broker.store().commitLogMaxOffset());
        }
    }
}
