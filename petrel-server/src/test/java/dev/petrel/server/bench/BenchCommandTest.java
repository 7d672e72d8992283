package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.server.PetrelMain;
import dev.petrel.testkit.ChildJvm;
import dev.petrel.testkit.FreePorts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code petrel bench} as a script runs it: real JVMs, a real standalone on free ports, the RESULT line. */
class BenchCommandTest {

    private static final Duration WAIT = Duration.ofSeconds(180);

    @TempDir
    Path dir;

    private final List<ChildJvm> children = new ArrayList<>();

    @AfterEach
    void stopChildren() {
        children.forEach(ChildJvm::close);
    }

    private ChildJvm petrel(String name, String... args) {
        List<String> jvm = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1", "-Dpetrel.log.dir=" + dir.resolve("logs"),
            "-Dlogback.configurationFile=" + Path.of("target", "classes", "logback.xml").toAbsolutePath());
        ChildJvm child = ChildJvm.start(name, System.getProperty("java.class.path"), jvm, PetrelMain.class.getName(),
            List.of(args), Map.of(), dir.resolve(name + ".out"));
        children.add(child);
        return child;
    }

    @Test
    void e2eRunsAgainstAStandaloneAndPrintsProgressASummaryAndAResultLine() throws IOException {
        int namesrvPort = FreePorts.next();
        Path conf = dir.resolve("standalone.conf");
        int brokerPort = FreePorts.nextWithNeighbours();
        Files.writeString(conf, "bindAddress=127.0.0.1\nbrokerIP1=127.0.0.1\nlistenPort=" + brokerPort
            + "\nstorePathRootDir=" + dir.resolve("store") + "\nkvConfigPath=" + dir.resolve("kvConfig.json")
            // the tool is under test, not admission: at a load of 30 the 200 ms default refused its sends as busy
            + "\nwaitTimeMillsInSendQueue=30000\n");
        ChildJvm standalone = petrel("standalone", "standalone", "-c", conf.toString(), "-n", "127.0.0.1:" + namesrvPort);
        standalone.awaitLine(WAIT, "the ready line", line -> line.contains("Petrel standalone ready in "));

        Path results = dir.resolve("results.jsonl");
        Path hosts = dir.resolve("store-hosts.log");
        ChildJvm bench = petrel("bench", "bench", "e2e", "-n", "127.0.0.1:" + namesrvPort, "-t", "BenchTest",
            "--create-topic", "--queues", "4", "--async", "--threads", "2", "--size", "256", "--rate", "2000",
            "--warmup", "0", "--duration", "2", "--interval", "1", "--label", "petrel",
            // The drain ends as soon as every message arrived; its 10 s default ran out at a load of 20 (4 of 160).
            "--drain", "90",
            "--broker-pid", Long.toString(standalone.pid()), "--result-file", results.toString(),
            "--producer-property", "pollNameServerInterval=200", "--store-host-log", hosts.toString());

        assertThat(bench.waitForExit(WAIT)).as("bench ended: " + bench.tail()).isTrue();
        assertThat(bench.process().exitValue()).as(bench.tail()).isZero();
        List<String> lines = bench.lines();
        assertThat(lines).anyMatch(l -> l.startsWith("created topic BenchTest with 4 queues on 1 broker(s) of cluster "))
            .anyMatch(l -> l.matches("\\[ +[12] s\\] sent [\\d,]+ msg/s .* \\| received [\\d,]+ msg/s .*"))
            .anyMatch(l -> l.startsWith("petrel bench e2e [petrel] topic BenchTest: async, 2 threads, 256 B bodies"))
            .contains("  every message of the run was received", "  errors 0");
        String resultLine = lines.stream().filter(l -> l.startsWith("RESULT {")).findFirst().orElseThrow();

        BenchResult r = BenchResult.parse(resultLine);
        assertThat(r.workload()).isEqualTo("e2e");
        assertThat(r.mode()).isEqualTo("async");
        assertThat(r.size()).isEqualTo(256);
        assertThat(r.sent()).isPositive();
        assertThat(r.received()).isPositive();
        assertThat(r.missing()).isZero();
        assertThat(r.errors()).isZero();
        assertThat(r.sendLatencyMicros().count()).isEqualTo(r.sent());
        assertThat(r.e2eLatencyMicros().p50()).isPositive();
        assertThat(r.brokerPid()).isEqualTo(standalone.pid());
        assertThat(r.brokerCpuMillis()).isPositive();
        assertThat(r.brokerRssPeakKb()).isPositive();
        assertThat(Files.readAllLines(results)).containsExactly(r.json());
        // one broker stored everything: one line, naming it, at the first acknowledgement
        assertThat(Files.readAllLines(hosts)).singleElement().asString().matches("\\d{13} 127\\.0\\.0\\.1:" + brokerPort);

        // the file feeds the report, as bench/e2e.sh does
        StringWriter out = new StringWriter();
        int code = new CommandLine(new BenchCommand()).setOut(new PrintWriter(out))
            .execute("report", "--results", results.toString());
        assertThat(code).isZero();
        assertThat(out.toString()).contains("| e2e async ×2 (1024 in flight) at 2,000/s | 256 | ");
    }

    @Test
    void aBadCombinationOfOptionsIsACommandLineErrorNamingThem() {
        StringWriter err = new StringWriter();
        int code = new CommandLine(new BenchCommand()).setErr(new PrintWriter(err))
            .execute("produce", "--async", "--batch", "8");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("--batch works with --sync only");

        err.getBuffer().setLength(0);
        assertThat(new CommandLine(new BenchCommand()).setErr(new PrintWriter(err)).execute("e2e", "--from", "middle"))
            .isEqualTo(2);
        assertThat(err.toString()).startsWith("--from must be first or last, got 'middle'");
    }
}
