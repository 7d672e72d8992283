package dev.petrel.apachebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class CompareReportTest {

    private static String run(String caseId, String title, int round, String target, double msgs, long p99, double cpu,
                              long anonKb, long listenMs, String errorKinds) {
        String workload = caseId.startsWith("e2e") ? "e2e" : "produce";
        String latencyField = workload.equals("e2e") ? "e2eLatencyMicros" : "sendLatencyMicros";
        long errors = errorKinds.isEmpty() ? 0 : 3;
        return String.format(Locale.ROOT, "{\"case\":\"%s\",\"title\":\"%s\",\"round\":%d,\"target\":\"%s\","
                + "\"listenMs\":%d,\"registeredMs\":%d,\"vmHwmKb\":2097152,\"result\":{\"label\":\"%s\","
                + "\"workload\":\"%s\",\"mode\":\"sync\",\"size\":1024,\"sendMsgsPerSec\":%.1f,\"sendMiBPerSec\":%.2f,"
                + "\"%s\":{\"count\":10,\"mean\":1.0,\"p50\":400,\"p90\":900,\"p99\":%d,\"p999\":%d,\"max\":%d},"
                + "\"errors\":%d,\"errorKinds\":{%s},\"brokerCpuMicrosPerMessage\":%.1f,\"brokerRssAnonPeakKb\":%d}}",
            caseId, title, round, target, listenMs, listenMs + 100, target, workload, msgs, msgs * 1024 / 1048576,
            latencyField, p99, p99 * 2, p99 * 3, errors, errorKinds, cpu, anonKb);
    }

    @Test
    void mediansWithTheirRangeRatiosAndTargets() {
        List<String> lines = new ArrayList<>();
        double[] apache = {7000, 8000, 7500};
        double[] petrel = {16000, 14000, 15500};
        for (int round = 1; round <= 3; round++) {
            lines.add(run("sync-1k", "sync 1 KiB × 8", round, "apache", apache[round - 1], 4000, 25, 900 * 1024, 3200, ""));
            lines.add(run("sync-1k", "sync 1 KiB × 8", round, "petrel", petrel[round - 1], 3000, 10, 280 * 1024, 400, ""));
            lines.add(run("e2e-5k", "e2e at 5,000 msg/s", round, "apache", 5000, 100_000, 30, 900 * 1024, 3000, ""));
            lines.add(run("e2e-5k", "e2e at 5,000 msg/s", round, "petrel", 5000, round == 2 ? 1_566_000 : 17_000, 12,
                280 * 1024, 450, round == 2 ? "\"MQBrokerException code 2: [TIMEOUT_CLEAN_QUEUE] 221ms\":3" : ""));
        }
        lines.add("{\"case\":\"sync-1k\",\"title\":\"sync 1 KiB × 8\",\"round\":4,\"target\":\"petrel-own\","
            + "\"listenMs\":420,\"result\":null}");
        String md = CompareReport.parse(lines, 280.0).render();

        assertThat(md).contains("| sync 1 KiB × 8 | Apache 5.3.1 · official client | 3 | 7,500 (7,000–8,000) | 7.7 (7.2–8.2) |");
        assertThat(md).contains("| sync 1 KiB × 8 | Petrel · official client | 3 | 15,500 (14,000–16,000) |");
        assertThat(md).contains("| sync 1 KiB × 8 | Petrel · Petrel client | 0 (+1 failed) | - |");
        // latency columns: p50, p99, p99.9, max in ms; RSS in MiB; launch→port
        assertThat(md).contains("| 0.40 | 4.00 | 8.0 | 12.0 | 25.0 | 900 | 2048 | 3,200 | 0 |");
        // 15,500 / 7,500 = 2.07; p99 3 / 4 ms = 0.75; CPU 10 / 25 = 0.40; anon RSS 280 / 900 = 0.31
        assertThat(md).contains("| sync 1 KiB × 8 | **2.07 ×** | **0.75 ×** | **0.40 ×** | **0.31 ×** | msgs/s ≥ 2.0 × met; "
            + "p99 ≤ 1.0 × met; CPU ≤ 0.5 × met; RSS ≤ 0.35 × met |");
        // the stalled round decides "no failed send" and the absolute p99, not the median ratio (17 / 100 ms)
        assertThat(md).contains("| e2e at 5,000 msg/s | **1.00 ×** | **0.17 ×** |")
            .contains("p99 ≤ 0.5 × met; no failed send **not met**; p99 < 50 ms **not met**");
        assertThat(md).contains("* e2e at 5,000 msg/s, Petrel · official client: 3 × `MQBrokerException code #: "
            + "[TIMEOUT_CLEAN_QUEUE] #ms`");
        assertThat(md).contains("| Petrel | 7 | 420 (400–450) |").contains("| Apache 5.3.1 | 6 | 3,100 (3,000–3,200) |")
            .contains("Petrel's launch to serving (port open): ≤ 500 ms met (median 420 ms).");
    }

    @Test
    void aLineThatIsNotARunIsRefusedWithItsNumber() {
        assertThatThrownBy(() -> CompareReport.parse(List.of("", "{\"case\":\"x\"}"), null))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("runs file line 2");
        assertThatThrownBy(() -> CompareReport.parse(List.of("{not json"), null))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("runs file line 1");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(CompareReport.median(List.of(1.0, 2.0, 10.0, 11.0))).isEqualTo(6.0);
        assertThat(CompareReport.median(List.of(3.0))).isEqualTo(3.0);
    }
}
