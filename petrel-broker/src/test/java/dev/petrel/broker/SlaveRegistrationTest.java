package dev.petrel.broker;

import dev.petrel.broker.ha.ClassicReplication;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A slave without {@code haMasterAddress} learns its master from the NameServer's REGISTER_BROKER answer
 * (ha.md §1.3): it registers brokerId 1 with its haServerAddr, follows the announced HA address and syncs metadata from
 * the announced broker address.
 */
class SlaveRegistrationTest {

    private static final RecordHeaderCodec<RegisterBrokerRequestHeader> REGISTER =
        RecordHeaderCodec.of(RegisterBrokerRequestHeader.class);

    @TempDir
    Path dir;

    /** A NameServer's registration rules in miniature: a non-master registrant is told its broker name's master. */
    private static final class RoutingNameServer implements AutoCloseable {
        final RemotingServer server;
        final List<RegisterBrokerRequestHeader> registrations = new CopyOnWriteArrayList<>();
        /** brokerName → the master's {brokerAddr, haServerAddr}. */
        final Map<String, String[]> masters = new ConcurrentHashMap<>();

        RoutingNameServer() {
            server = new RemotingServer("fake-namesrv", RemotingServerConfig.defaults()
                .with(RemotingServerConfig.LISTEN_PORT, FreePorts.next()), Clock.system());
            server.registerDefaultProcessor((ctx, req) -> {
                if (req.code() != RequestCode.REGISTER_BROKER) {
                    return req.response(ResponseCode.SUCCESS, null);
                }
                RegisterBrokerRequestHeader h = REGISTER.decode(req.extFields()).orElseThrow();
                registrations.add(h);
                if (h.brokerId() == 0) {
                    masters.put(h.brokerName(), new String[] {h.brokerAddr(), h.haServerAddr()});
                    return req.response(ResponseCode.SUCCESS, null);
                }
                String[] m = masters.get(h.brokerName());
                RemotingCommand.Builder b = req.newResponse(ResponseCode.SUCCESS);
                if (m != null) {
                    b.extField("masterAddr", m[0]).extField("haServerAddr", m[1]);
                }
                return b.build();
            }, new ProcessorExecutor("fake-namesrv", 1, 100, "test"));
            server.start();
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        RegisterBrokerRequestHeader last(long brokerId) {
            return registrations.stream().filter(r -> r.brokerId() == brokerId).reduce((a, b) -> b).orElseThrow();
        }

        @Override
        public void close() {
            server.close();
        }
    }

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
