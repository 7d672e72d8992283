package dev.petrel.benchmarks.remoting;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.auth.AuthUser;
import dev.petrel.broker.auth.BrokerAuth;
import dev.petrel.broker.auth.UserStatus;
import dev.petrel.broker.auth.UserType;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestInterceptor;
import dev.petrel.remoting.ZeroCopyBody;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the request interceptor hook costs on dispatch: a sync round trip over loopback to a processor that answers at
 * once, with no interceptor ({@code off}, today's path: one null check), with the broker's ACL 2.0 check verifying a
 * signed SEND_MESSAGE_V2-like request ({@code authn}), and with authentication and authorization ({@code authz}); plus
 * the check alone ({@link #checkOnly}) without the network.
 *
 * <p>Run: as {@code FrameCodecBenchmark} says, with {@code org.openjdk.jmh.Main DispatchInterceptorBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class DispatchInterceptorBenchmark {

    @Param({"off", "authn", "authz"})
    public String mode;

    private Path dir;
    private RemotingServer server;
    private RemotingClient client;
    private String address;
    private RemotingCommand request;
    private RequestInterceptor interceptor;
    private RequestContext context;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("petrel-dispatch-bench");
        Config config = BrokerConfig.FILE.parse(Map.of("storePathRootDir", dir.toString(),
            "authenticationEnabled", Boolean.toString(!mode.equals("off")),
            "authorizationEnabled", Boolean.toString(mode.equals("authz"))), unknown -> {
                throw new IllegalArgumentException(unknown);
            });
        BrokerAuth auth = new BrokerAuth(config, dir, "DefaultCluster", Clock.system());
        auth.metadata().createUser(new AuthUser("bench", "benchSecret1", UserType.NORMAL, UserStatus.ENABLE));
        server = new RemotingServer("bench", RemotingServerConfig.defaults().with(RemotingServerConfig.LISTEN_PORT, 0)
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1"),
            Clock.system());
        auth.register(server, "bench-broker", "127.0.0.1:0");
        if (mode.equals("authz")) {
            auth.metadata().createAcl(dev.petrel.broker.auth.AuthCodec.acl("User:bench",
                dev.petrel.broker.auth.AuthCodec.decodeAclInfo(("{\"policies\":[{\"entries\":[{\"actions\":[\"Pub\"],"
                    + "\"decision\":\"Allow\",\"resource\":\"Topic:TopicTest\"}]}]}").getBytes())));
        }
        interceptor = auth.interceptor() == null ? (c, r) -> null : auth.interceptor();
        ProcessorExecutor pool = new ProcessorExecutor("bench", 2, 10_000, "none");
        server.registerProcessor(310, (ctx, req) -> req.response(0, null), pool);
        server.start();
        address = "127.0.0.1:" + server.port();
        client = new RemotingClient("bench-client", RemotingClientConfig.defaults(), Clock.system());
        client.start();
        RemotingCommand plain = RemotingCommand.newRequest(310).extField("a", "please_rename_unique_group_name")
            .extField("b", "TopicTest").extField("c", "TBW102").extField("d", "4").extField("e", "2")
            .extField("f", "0").extField("g", "1712345678901").extField("h", "0")
            .extField("i", "TAGS\u0001TagA\u0002KEYS\u0001OrderID188\u0002WAIT\u0001true\u0002").extField("j", "0")
            .extField("k", "false").extField("m", "false").extField("n", "broker-a").body(new byte[1024]).build();
        request = mode.equals("off") ? plain : RequestSignature.sign(plain, new SessionCredentials("bench", "benchSecret1"));
        RemotingCommand first = client.invokeSync(address, request, 5_000);
        if (first.code() != 0) {
            throw new IllegalStateException("bench request refused: " + first.remark());
        }
        context = new BenchContext(request);
    }

    @Benchmark
    public RemotingCommand roundTrip() throws Exception {
        return client.invokeSync(address, request, 5_000);
    }

    @Benchmark
    public RemotingCommand checkOnly() throws Exception {
        return interceptor.check(context, request);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        client.close();
        server.close();
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private record BenchContext(RemotingCommand request) implements RequestContext {
        @Override
        public Connection connection() {
            return null;
        }

        @Override
        public String remoteAddress() {
            return "127.0.0.1:40000";
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
            return true;
        }

        @Override
        public boolean isAnswered() {
            return false;
        }
    }
}
