package dev.petrel.broker;

import dev.petrel.broker.registration.NameServerRegistrar;
import dev.petrel.broker.replication.Replications;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
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
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** Registration with NameServers: full at start (to every one), incremental after a topic is created, unregister at stop. */
class RegistrationTest {

    @TempDir
    Path dir;

    /** A stand-in NameServer recording what brokers send it. */
    private static final class RecordingNameServer implements AutoCloseable {
        final RemotingServer server;
        final List<RemotingCommand> received = new CopyOnWriteArrayList<>();
        /** While set, REGISTER_BROKER is recorded and never answered (a NameServer that hangs). */
        volatile boolean stallRegistrations;

        RecordingNameServer() {
            this(null, false);
        }

        /** Answers QUERY_DATA_VERSION with {@code stored} and {@code changed}. */
        RecordingNameServer(DataVersion stored, boolean changed) {
            server = new RemotingServer("fake-namesrv", RemotingServerConfig.defaults()
                .with(RemotingServerConfig.LISTEN_PORT, FreePorts.next()), Clock.system());
            server.registerDefaultProcessor((ctx, req) -> {
                received.add(req);
                if (req.code() == RequestCode.REGISTER_BROKER && stallRegistrations) {
                    return null;
                }
                if (req.code() == RequestCode.QUERY_DATA_VERSION && stored != null) {
                    return req.newResponse(ResponseCode.SUCCESS).extField("changed", Boolean.toString(changed))
                        .body(DataVersion.CODEC.encode(stored)).build();
                }
                return req.response(ResponseCode.SUCCESS, null);
            }, new ProcessorExecutor("fake-namesrv", 1, 100, "test"));
            server.start();
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        List<RemotingCommand> of(int code) {
            return received.stream().filter(r -> r.code() == code).toList();
        }

        @Override
        public void close() {
            server.close();
        }
    }

    @Test
    void registersEverywhereThenIncrementallyAndUnregistersAtStop() throws Exception {
        try (RecordingNameServer a = new RecordingNameServer(); RecordingNameServer b = new RecordingNameServer()) {
            BrokerFixture f = new BrokerFixture(dir, Map.of("namesrvAddr", a.address() + ";" + b.address()));
            try {
                for (RecordingNameServer ns : List.of(a, b)) {
                    assertThat(ns.of(RequestCode.REGISTER_BROKER)).hasSize(1);
                    RemotingCommand reg = ns.of(RequestCode.REGISTER_BROKER).get(0);
                    RegisterBrokerRequestHeader h = RecordHeaderCodec.of(RegisterBrokerRequestHeader.class)
                        .decode(reg.extFields()).orElseThrow();
                    assertThat(h.brokerName()).isEqualTo("broker-a");
                    assertThat(h.clusterName()).isEqualTo("DefaultCluster");
                    assertThat(h.brokerAddr()).isEqualTo("127.0.0.1:" + f.port);
                    assertThat(h.brokerId()).isZero();
                    assertThat(h.compressed()).isFalse();
                    assertThat(h.bodyCrc32()).isEqualTo(RegisterBrokerBodyCodec.bodyCrc32(reg.body()));
                    RegisterBrokerBody body = RegisterBrokerBody.CODEC.decode(reg.body());
                    assertThat(body.topicConfigSerializeWrapper().topicConfigTable())
                        .containsKeys("TBW102", "SELF_TEST_TOPIC", "DefaultCluster", "broker-a", "SCHEDULE_TOPIC_XXXX");
                    assertThat(body.topicConfigSerializeWrapper().topicConfigTable().get("TBW102").perm()).isEqualTo(7);
                    assertThat(body.topicConfigSerializeWrapper().dataVersion().stateVersion())
                        .as("a master outside DLedger and controller mode claims no state version, as Apache's").isZero();
                }
                assertThat(f.send("Fresh", 0, "x").code()).isEqualTo(ResponseCode.SUCCESS);
                Await.until(Duration.ofSeconds(10), "incremental registration",
                    () -> a.of(RequestCode.REGISTER_BROKER).size() == 2 && b.of(RequestCode.REGISTER_BROKER).size() == 2);
                RegisterBrokerBody incremental = RegisterBrokerBody.CODEC.decode(a.of(RequestCode.REGISTER_BROKER).get(1).body());
                assertThat(incremental.topicConfigSerializeWrapper().topicConfigTable()).containsOnlyKeys("Fresh");
                assertThat(incremental.topicConfigSerializeWrapper().dataVersion().counter())
                    .isGreaterThan(RegisterBrokerBody.CODEC.decode(a.of(RequestCode.REGISTER_BROKER).get(0).body())
                        .topicConfigSerializeWrapper().dataVersion().counter());
            } finally {
                f.close();
            }
            assertThat(a.of(RequestCode.UNREGISTER_BROKER)).hasSize(1);
            assertThat(b.of(RequestCode.UNREGISTER_BROKER)).hasSize(1);
            assertThat(a.of(RequestCode.UNREGISTER_BROKER).get(0).extField("brokerName")).isEqualTo("broker-a");
        }
    }

    @Test
    void withoutForceRegisterOnlyNameServersWithAnotherDataVersionAreAskedToRegister() throws Exception {
        DataVersion known = new DataVersion(7, 0, 1_700_000_000_000L);
        try (RecordingNameServer same = new RecordingNameServer(known, false);
             RecordingNameServer stale = new RecordingNameServer(known, true);
             RemotingClient client = new RemotingClient("registrar", RemotingClientConfig.defaults(), Clock.system())) {
            client.start();
            BrokerIdentity identity = new BrokerIdentity("DefaultCluster", "broker-a", 0, "127.0.0.1", "127.0.0.1", 10911);
            NameServerRegistrar registrar = new NameServerRegistrar(client, List.of(same.address(), stale.address()),
                identity, Replications.none(identity), 3_000, Clock.system());
            assertThat(registrar.changedOn(known)).containsExactly(stale.address());
            assertThat(registrar.changedOn(known.next(1))).containsExactly(same.address(), stale.address());
            RemotingCommand query = same.of(RequestCode.QUERY_DATA_VERSION).get(0);
            assertThat(query.extField("brokerAddr")).isEqualTo("127.0.0.1:10911");
            assertThat(DataVersion.CODEC.decode(query.body())).isEqualTo(known);
        }
    }

    /**
     * A registration in flight to a NameServer that does not answer (it would wait registerBrokerTimeoutMills) does
     * not hold up the broker's stop: before, the stop waited 30 s for the registration thread.
     */
    @Test
    void theStopDoesNotWaitForARegistrationAHungNameServerNeverAnswers() throws Exception {
        try (RecordingNameServer hung = new RecordingNameServer()) {
            BrokerFixture f = new BrokerFixture(dir, Map.of("namesrvAddr", hung.address(),
                "registerBrokerTimeoutMills", "120000"));
            hung.stallRegistrations = true;
            assertThat(f.send("Fresh", 0, "x").code()).isEqualTo(ResponseCode.SUCCESS);
            Await.until(Duration.ofSeconds(60), "the incremental registration sent (and left unanswered)",
                () -> hung.of(RequestCode.REGISTER_BROKER).size() == 2);
            Thread closer = new Thread(f::close, "test-close");
            closer.start();
            closer.join(20_000); // the old stop took 30 s here; the new one about the unregistration's answer
            assertThat(closer.isAlive()).as("the broker stopped within 20 s").isFalse();
            assertThat(hung.of(RequestCode.UNREGISTER_BROKER)).hasSize(1);
        }
    }

    @Test
    void anUnreachableNameServerDoesNotStopTheBroker() throws Exception {
        int closedPort = FreePorts.next();
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("namesrvAddr", "127.0.0.1:" + closedPort))) {
            assertThat(f.send("StillWorks", 0, "x").code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }
}
