package dev.petrel.benchmarks.namesrv;

import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.namesrv.kv.KvConfigFile;
import dev.petrel.namesrv.kv.KvConfigTable;
import dev.petrel.namesrv.processor.RouteQueryProcessor;
import dev.petrel.namesrv.route.BrokerRegistration;
import dev.petrel.namesrv.route.RouteBodyCodec;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.namesrv.route.TopicRoute;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.ZeroCopyBody;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * GET_ROUTEINFO_BY_TOPIC, the NameServer's hot path: a registry of {@code brokers} masters (each with a slave) hosting
 * {@code topics} topics on 2 brokers each, looked up by random topic.
 *
 * <ul>
 *   <li>{@code processor}: the whole request minus the socket: header decode, lock-free lookup, cached body, response
 *       command;</li>
 *   <li>{@code lookupCachedBody}: registry lookup and the route's cached body;</li>
 *   <li>{@code encodePerRequest}: what a NameServer without the cache does per request: encode the route's JSON.</li>
 * </ul>
 * Four threads read concurrently, as the client request pool does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(4)
public class RouteLookupBenchmark {

    @Param({"10000"})
    int topics;

    @Param({"20"})
    int brokers;

    private RouteRegistry registry;
    private RouteQueryProcessor processor;
    private String[] topicNames;
    private RemotingCommand[] requests;

    @Setup
    public void setUp() throws Exception {
        NamesrvConfig config = NamesrvConfig.defaults();
        registry = new RouteRegistry(config, Clock.system());
        topicNames = new String[topics];
        for (int i = 0; i < topics; i++) {
            topicNames[i] = "topic-" + i;
        }
        for (int b = 0; b < brokers; b++) {
            Map<String, TopicConfig> hosted = new LinkedHashMap<>();
            for (int t = 0; t < topics; t++) {
                if (t % brokers == b || (t + 1) % brokers == b) {
                    hosted.put(topicNames[t], TopicConfig.of(topicNames[t], 8, 8, 6));
                }
            }
            for (long id = 0; id <= 1; id++) {
                registry.register(new BrokerRegistration("cluster-" + (b % 2), "10.0." + b + "." + id + ":10911",
                    "broker-" + b, id, "10.0." + b + "." + id + ":10912", null, null, false,
                    new DataVersion(1, 0, 1), hosted, Map.of(), List.of()), new Object());
            }
        }
        Path kvFile = Path.of(System.getProperty("java.io.tmpdir"), "petrel-bench-kvConfig-absent.json");
        processor = new RouteQueryProcessor(registry, KvConfigTable.load(new KvConfigFile(kvFile)), config,
            Clock.system());
        requests = new RemotingCommand[topics];
        for (int i = 0; i < topics; i++) {
            requests[i] = RemotingCommand.request(105, RecordHeaderCodec.of(GetRouteInfoRequestHeader.class)
                .encode(new GetRouteInfoRequestHeader(topicNames[i], null, null)), null);
        }
    }

    private int randomIndex() {
        return ThreadLocalRandom.current().nextInt(topics);
    }

    @Benchmark
    public RemotingCommand processor() throws Exception {
        RemotingCommand request = requests[randomIndex()];
        return processor.process(new BenchContext(request), request);
    }

    @Benchmark
    public byte[] lookupCachedBody() {
        return registry.route(topicNames[randomIndex()]).body(true);
    }

    @Benchmark
    public byte[] encodePerRequest() {
        TopicRoute route = registry.route(topicNames[randomIndex()]);
        return RouteBodyCodec.encode(route.data(), true);
    }

    /** The processor reads only the request and, on errors, the peer address. */
    private record BenchContext(RemotingCommand request) implements RequestContext {
        @Override
        public Connection connection() {
            return null;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1:1";
        }

        @Override
        public LanguageCode language() {
            return LanguageCode.JAVA;
        }

        @Override
        public int version() {
            return request.version();
        }

        @Override
        public long receivedNanos() {
            return 0;
        }

        @Override
        public boolean respond(RemotingCommand response) {
            return true;
        }

        @Override
        public boolean respond(RemotingCommand response, ZeroCopyBody body) {
            return false; // never called: route answers carry their body in the command
        }

        @Override
        public boolean isAnswered() {
            return false;
        }
    }
}
