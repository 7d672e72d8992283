package dev.petrel.apachebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriverOptionsTest {

    private static DriverPlan parse(String line) {
        return DriverOptions.parse(List.of(line.trim().split("\\s+")));
    }

    @Test
    void readsTheLoadLinesOfBenchCompare() {
        DriverPlan p = parse("e2e --async --threads 2 --inflight 1024 --rate 5000 --size 1024 -n 127.0.0.1:9999 "
            + "-t Cmp_e2e --create-topic --cluster Cmp7 --queues 8 --duration 20 --warmup 5 --interval 1 "
            + "--label petrel --broker-pid 4242 --clk-tck 100 --result-file /tmp/r.json");
        assertThat(p.workload()).isEqualTo(DriverPlan.Workload.E2E);
        assertThat(p.mode()).isEqualTo(DriverPlan.Mode.ASYNC);
        assertThat(p.threads()).isEqualTo(2);
        assertThat(p.inflight()).isEqualTo(1024);
        assertThat(p.rate()).isEqualTo(5000.0);
        assertThat(p.namesrv()).isEqualTo("127.0.0.1:9999");
        assertThat(p.topic()).isEqualTo("Cmp_e2e");
        assertThat(p.createTopic()).isTrue();
        assertThat(p.cluster()).isEqualTo("Cmp7");
        assertThat(p.durationSeconds()).isEqualTo(20.0);
        assertThat(p.brokerPid()).isEqualTo(4242L);
        assertThat(p.resultFile()).isEqualTo(Path.of("/tmp/r.json"));
        assertThat(p.sends()).isTrue();
        assertThat(p.consumes()).isTrue();
        // 2 threads share 5,000 msg/s: one send every 400 µs per thread
        assertThat(p.periodNanos()).isEqualTo(400_000L);
    }

    @Test
    void defaultsAreThoseOfPetrelBench() {
        DriverPlan p = parse("produce");
        assertThat(p.mode()).isEqualTo(DriverPlan.Mode.SYNC);
        assertThat(p.threads()).isEqualTo(4);
        assertThat(p.size()).isEqualTo(1024);
        assertThat(p.batch()).isEqualTo(1);
        assertThat(p.inflight()).isEqualTo(1024);
        assertThat(p.warmupSeconds()).isEqualTo(5.0);
        assertThat(p.durationSeconds()).isEqualTo(30.0);
        assertThat(p.namesrv()).isEqualTo("127.0.0.1:9876");
        assertThat(p.label()).isEqualTo("apache");
        assertThat(p.periodNanos()).isZero();
        assertThat(p.brokerPid()).isNull();
        assertThat(parse("fill --messages 1000").mode()).isEqualTo(DriverPlan.Mode.ASYNC);
        assertThat(parse("drain --messages 1000").drainSeconds()).isEqualTo(300.0);
        assertThat(parse("drain --messages 1000").sends()).isFalse();
    }

    @Test
    void refusesWhatCannotRunNamingTheOption() {
        assertThatThrownBy(() -> parse("produce --batch 32 --async")).hasMessageContaining("--batch works with --sync");
        assertThatThrownBy(() -> parse("produce --size 10")).hasMessageContaining("--size must be between 28");
        assertThatThrownBy(() -> parse("produce --threads x")).hasMessageContaining("--threads needs a whole number");
        assertThatThrownBy(() -> parse("produce --rate")).hasMessageContaining("--rate needs a value");
        assertThatThrownBy(() -> parse("produce --sync --oneway")).hasMessageContaining("exclude each other");
        assertThatThrownBy(() -> parse("produce --frobnicate 3")).hasMessageContaining("unknown option '--frobnicate'");
        assertThatThrownBy(() -> parse("consume")).hasMessageContaining("unknown workload 'consume'");
        assertThatThrownBy(() -> parse("fill")).hasMessageContaining("fill needs --messages");
        assertThatThrownBy(() -> parse("drain --messages 5 --create-topic")).hasMessageContaining("no --create-topic");
        assertThatThrownBy(() -> parse("produce --batch 1024 --size 8192")).hasMessageContaining("within 4194304");
        assertThatThrownBy(() -> parse("produce --duration NaN")).hasMessageContaining("--duration needs a number");
    }

    @Test
    void aBadCommandLineExitsWith2AndTheUsage() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = DriverMain.run(List.of("produce", "--threads", "0"), new PrintStream(out), new PrintStream(err,
            true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--threads must be between 1 and 4096, got 0")
            .contains("usage: DriverMain");
        assertThat(DriverMain.run(List.of("report"), new PrintStream(out), new PrintStream(err))).isEqualTo(2);
    }
}
