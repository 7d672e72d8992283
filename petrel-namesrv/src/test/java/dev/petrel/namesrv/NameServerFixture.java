package dev.petrel.namesrv;

import dev.petrel.namesrv.testing.TestNameServers;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** A real NameServer on 127.0.0.1 (free port, files in a temp dir, a manual clock) and real remoting clients. */
abstract class NameServerFixture {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final long TIMEOUT = 5_000;
    static final String CLUSTER = "DefaultCluster";

    @TempDir
    Path dir;

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final Deque<AutoCloseable> resources = new ArrayDeque<>();
    NameServer nameServer;
    String address;

    NameServer start(UnaryOperator<NamesrvConfig> tweak) {
        nameServer = track(new NameServer(tweak.apply(TestNameServers.config(dir)), clock));
        nameServer.start();
        address = "127.0.0.1:" + nameServer.port();
        return nameServer;
    }

    RemotingClient client() {
        RemotingClient client = track(new RemotingClient("test-client", RemotingClientConfig.defaults()
            .with(RemotingClientConfig.CLIENT_WORKER_THREADS, 1), clock));
        client.start();
        return client;
    }

    <T extends AutoCloseable> T track(T resource) {
        resources.push(resource);
        return resource;
    }

    @AfterEach
    void closeAll() throws Exception {
        while (!resources.isEmpty()) {
            resources.pop().close();
        }
    }

    static <T extends Record> Map<String, String> fields(T header) {
        @SuppressWarnings("unchecked")
        Class<T> type = (Class<T>) header.getClass();
        return RecordHeaderCodec.of(type).encode(header);
    }

    static RemotingCommand request(int code, Record header, byte[] body) {
        return RemotingCommand.request(code, header == null ? null : fields(header), body);
    }

    static <T extends Record> T responseHeader(RemotingCommand response, Class<T> type) {
        return RecordHeaderCodec.of(type).decode(response.extFields()).orElseThrow();
    }

    static RegisterBrokerBody body(DataVersion version, TopicConfig... topics) {
        Map<String, TopicConfig> table = new LinkedHashMap<>();
        for (TopicConfig t : topics) {
            table.put(t.topicName(), t);
        }
        return new RegisterBrokerBody(List.of(), new TopicConfigAndMappingSerializeWrapper(version, version, table,
            Map.of(), Map.of()));
    }

    /** A REGISTER_BROKER as a 5.x broker sends it: JSON body, its CRC in the header. */
    static RemotingCommand registerBroker(String brokerName, long id, String addr, RegisterBrokerBody body) {
        byte[] bytes = RegisterBrokerBodyCodec.encode(body, false);
        return request(103, new RegisterBrokerRequestHeader(brokerName, addr, CLUSTER, addr.replace(":10911", ":10912"),
            id, null, false, false, RegisterBrokerBodyCodec.bodyCrc32(bytes), null), bytes);
    }

    static TopicConfig topic(String name, int queues) {
        return TopicConfig.of(name, queues, queues, 6);
    }
}
