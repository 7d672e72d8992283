package dev.petrel.benchmarks.remoting;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.remoting.tls.TlsConfig;
import dev.petrel.remoting.tls.TlsMode;
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
 * What TLS costs a remoting call over loopback: a sync round trip of a 1 KiB request on an open connection, and a
 * new connection (connect, and for TLS the handshake, then one call). Modes: {@code disabled} (no TLS stage at all),
 * {@code permissive} (plaintext through the first-byte detector, which removes itself: should equal disabled),
 * {@code tls} (an enforcing server with test mode's self-signed certificate, the JDK's TLS 1.3).
 *
 * <p>Run: as {@code FrameCodecBenchmark} says, with {@code org.openjdk.jmh.Main TlsRoundTripBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class TlsRoundTripBenchmark {

    @Param({"disabled", "permissive", "tls"})
    public String mode;

    private RemotingServer server;
    private RemotingClient client;
    private String address;
    private RemotingCommand request;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        TlsMode serverMode = switch (mode) {
            case "disabled" -> TlsMode.DISABLED;
            case "permissive" -> TlsMode.PERMISSIVE;
            default -> TlsMode.ENFORCING;
        };
        server = new RemotingServer("bench", RemotingServerConfig.defaults().with(RemotingServerConfig.LISTEN_PORT, 0)
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1").with(TlsConfig.TLS_SERVER_MODE, serverMode),
            Clock.system());
        server.registerProcessor(310, (ctx, req) -> req.response(0, null), new ProcessorExecutor("bench", 2, 10_000,
            "none"));
        server.start();
        address = "127.0.0.1:" + server.port();
        client = new RemotingClient("bench-client", RemotingClientConfig.defaults()
            .with(RemotingClientConfig.USE_TLS, mode.equals("tls")), Clock.system());
        client.start();
        request = RemotingCommand.newRequest(310).extField("b", "TopicTest").body(new byte[1024]).build();
        if (client.invokeSync(address, request, 30_000).code() != 0) {
            throw new IllegalStateException("bench request refused");
        }
    }

    @Benchmark
    public RemotingCommand roundTrip() throws Exception {
        return client.invokeSync(address, request, 5_000);
    }

    @Benchmark
    public RemotingCommand newConnection() throws Exception {
        client.closeConnection(address);
        return client.invokeSync(address, request, 5_000);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        client.close();
        server.close();
    }
}
