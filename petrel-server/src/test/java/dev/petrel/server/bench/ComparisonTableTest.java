package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTableTest {

    private static BenchResult.Latency latency(long p50, long p99) {
        return new BenchResult.Latency(1000, p50, p50, p99, p99, p99, p99);
    }

    private static BenchResult produce(String label, String mode, int threads, int batch, double msgsPerSec,
                                       double cpuPerMsg, long anonKb) {
        return new BenchResult(label, "produce", mode, threads, 1024, batch, null, null, null, "T", 20.0,
            (long) (msgsPerSec * 20), msgsPerSec, msgsPerSec / 1024, latency(450, 2_100), null, null, null, null, null,
            0, Map.of(), 42L, msgsPerSec * 20 * cpuPerMsg / 1000, cpuPerMsg, anonKb + 100_000, anonKb, anonKb + 200_000);
    }

    @Test
    void oneRowPerLoadWithBothSystemsAndTheirRatioThenOneRowPerBroker() {
        BenchResult e2ePetrel = new BenchResult("petrel", "e2e", "async", 2, 128, 1, 1024, 2000.0, 20, "E", 20.0,
            40_000L, 2000.0, 0.24, latency(700, 3_000), 40_000L, 2000.0, 0.24, latency(1_100, 9_500), 0L, 0, Map.of(),
            42L, 800.0, 20.0, 300_000L, 200_000L, 310_000L);
        List<BenchResult> results = List.of(
            produce("petrel", "sync", 32, 1, 50_000, 10.5, 200_000),
            produce("apache", "sync", 32, 1, 20_000, 30.25, 500_000),
            produce("petrel", "sync", 4, 32, 120_000, 3, 210_000),
            produce("petrel", "sync", 4, 32, 100_000, 3, 210_000),
            produce("petrel", "sync", 4, 32, 140_000, 3, 210_000),
            produce("apache", "sync", 4, 32, 60_000, 8, 520_000),
            e2ePetrel,
            produce("other", "sync", 1, 1, 1, 1, 1));
        List<BrokerFacts> brokers = List.of(
            new BrokerFacts("petrel", "128", 812L, 830L, 900_000L, 1000.0),
            new BrokerFacts("apache", "128", 3_100L, 3_150L, 1_500_000L, 5000.0),
            new BrokerFacts("petrel", "1024", 790L, 801L, 950_000L, 1000.0));

        String table = new ComparisonTable("petrel", "apache", "Petrel", "Apache").render(results, brokers);

        assertThat(table.lines().toList()).containsExactly(
            "| load | body B | Petrel msg/s | Apache msg/s | Petrel / Apache | Petrel MiB/s | Apache MiB/s "
                + "| send p50 / p99 ms Petrel | Apache | e2e p50 / p99 ms Petrel | Apache | broker CPU µs/msg Petrel "
                + "| Apache | errors Petrel / Apache |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
            "| sync ×32 | 1024 | 50,000 | 20,000 | **2.50** | 48.8 | 19.5 | 0.45 / 2.10 | 0.45 / 2.10 | - | - | 10.5 "
                + "| 30.3 | 0 / 0 |",
            "| sync batch 32 ×4 | 1024 | 120,000 | 60,000 | **2.00** | 117.2 | 58.6 | 0.45 / 2.10 | 0.45 / 2.10 | - | - "
                + "| 3.0 | 8.0 | 0 / 0 |",
            "| e2e async ×2 (1024 in flight) at 2,000/s | 128 | 2,000 | - | - | 0.2 | - | 0.70 / 3.00 | - "
                + "| 1.10 / 9.50 | - | 20.0 | - | 0 / - |",
            "",
            "| broker | ready after ms (each start) | registered after ms | peak RSS MiB (VmHWM) | peak anonymous RSS MiB "
                + "| broker CPU µs/msg over all loads |",
            "|---|---|---|---|---|---|",
            "| Petrel | 812, 790 | 830, 801 | 928 | 205 | 4.0 |",
            "| Apache | 3,100 | 3,150 | 1465 | 508 | 13.6 |");
    }

    @Test
    void resultsSurviveTheirJsonLine() {
        BenchResult r = produce("petrel", "async", 4, 1, 12_345.5, 7.25, 1234);
        String line = r.line();
        assertThat(line).startsWith("RESULT {\"batch\":1,").doesNotContain("\n").doesNotContain("null");
        assertThat(BenchResult.parse(line)).isEqualTo(r);
        assertThat(BenchResult.parse(r.json())).isEqualTo(r);
        assertThat(BrokerFacts.parse("{\"label\":\"apache\",\"round\":\"128\",\"readyMs\":3100,\"registeredMs\":3150,"
            + "\"vmHwmKb\":1500000,\"cpuMillis\":5000.0}"))
            .isEqualTo(new BrokerFacts("apache", "128", 3_100L, 3_150L, 1_500_000L, 5000.0));
    }

    @Test
    void intervalLinesShowWhatTheRunDoes() {
        Meter sent = new Meter();
        sent.record(1_000, 1_024_000, 420);
        Meter received = new Meter();
        received.record(990, 1_013_760, 1_900);
        assertThat(ProgressFormat.interval(10, false, sent.roll(1_000_000_000L), 3, received.roll(1_000_000_000L)))
            .isEqualTo("[  10 s] sent 1,000 msg/s 1.0 MiB/s  send ms p50 0.42 p99 0.42 max 0.42  errors 3 | received 990 "
                + "msg/s 1.0 MiB/s  e2e ms p50 1.90 p99 1.90 max 1.90");
        assertThat(ProgressFormat.interval(5, true, null, 0, new Meter().roll(1_000_000_000L)))
            .isEqualTo("[   5 s warm-up] received 0 msg/s 0.0 MiB/s  e2e ms -  errors 0");
    }
}
