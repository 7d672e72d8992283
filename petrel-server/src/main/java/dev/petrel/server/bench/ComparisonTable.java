package dev.petrel.server.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Renders results of two systems measured with the same matrix (a candidate, e.g. Petrel, and a baseline, e.g. Apache
 * RocketMQ) as Markdown: one row per load with both systems' figures and their ratio, then one row per broker with
 * its start times, memory and CPU cost. Loads are matched by their parameters; when a load was measured several times
 * for a system, the run with the median throughput stands for it. Pure.
 */
final class ComparisonTable {

    private final String candidate;
    private final String baseline;
    private final String candidateName;
    private final String baselineName;

    /**
     * @param candidate the label of the system in the numerator ({@code petrel})
     * @param baseline  the label in the denominator ({@code apache})
     */
    ComparisonTable(String candidate, String baseline, String candidateName, String baselineName) {
        this.candidate = candidate;
        this.baseline = baseline;
        this.candidateName = candidateName;
        this.baselineName = baselineName;
    }

    String render(List<BenchResult> results, List<BrokerFacts> brokers) {
        StringBuilder out = new StringBuilder();
        loads(results, out);
        if (!brokers.isEmpty()) {
            out.append('\n');
            brokers(results, brokers, out);
        }
        return out.toString();
    }

    private void loads(List<BenchResult> results, StringBuilder out) {
        Map<String, Map<String, List<BenchResult>>> byLoad = new LinkedHashMap<>();
        for (BenchResult r : results) {
            byLoad.computeIfAbsent(key(r), k -> new LinkedHashMap<>()).computeIfAbsent(r.label(), k -> new ArrayList<>())
                .add(r);
        }
        String c = candidateName;
        String b = baselineName;
        out.append("| load | body B | ").append(c).append(" msg/s | ").append(b).append(" msg/s | ").append(c)
            .append(" / ").append(b).append(" | ").append(c).append(" MiB/s | ").append(b).append(" MiB/s | send p50 / p99 ms ")
            .append(c).append(" | ").append(b).append(" | e2e p50 / p99 ms ").append(c).append(" | ").append(b)
            .append(" | broker CPU µs/msg ").append(c).append(" | ").append(b).append(" | errors ").append(c).append(" / ")
            .append(b).append(" |\n");
        out.append("|---".repeat(14)).append("|\n");
        for (Map<String, List<BenchResult>> runs : byLoad.values()) {
            BenchResult p = median(runs.get(candidate));
            BenchResult a = median(runs.get(baseline));
            BenchResult any = p != null ? p : a;
            if (any == null) {
                continue; // measured only for other labels
            }
            out.append("| ").append(describe(any)).append(" | ").append(any.size() == null ? "-" : any.size())
                .append(" | ").append(num(rate(p), "%,.0f")).append(" | ").append(num(rate(a), "%,.0f"))
                .append(" | ").append(ratio(rate(p), rate(a))).append(" | ").append(num(mib(p), "%.1f"))
                .append(" | ").append(num(mib(a), "%.1f")).append(" | ").append(latency(p, BenchResult::sendLatencyMicros))
                .append(" | ").append(latency(a, BenchResult::sendLatencyMicros))
                .append(" | ").append(latency(p, BenchResult::e2eLatencyMicros))
                .append(" | ").append(latency(a, BenchResult::e2eLatencyMicros))
                .append(" | ").append(num(p == null ? null : p.brokerCpuMicrosPerMessage(), "%.1f"))
                .append(" | ").append(num(a == null ? null : a.brokerCpuMicrosPerMessage(), "%.1f"))
                .append(" | ").append(p == null ? "-" : p.errors()).append(" / ").append(a == null ? "-" : a.errors())
                .append(" |\n");
        }
    }

    private void brokers(List<BenchResult> results, List<BrokerFacts> brokers, StringBuilder out) {
        out.append("| broker | ready after ms (each start) | registered after ms | peak RSS MiB (VmHWM) | peak anonymous RSS "
            + "MiB | broker CPU µs/msg over all loads |\n");
        out.append("|---".repeat(6)).append("|\n");
        for (String label : List.of(candidate, baseline)) {
            List<BrokerFacts> lives = brokers.stream().filter(f -> label.equals(f.label())).toList();
            if (lives.isEmpty()) {
                continue;
            }
            long hwm = lives.stream().map(BrokerFacts::vmHwmKb).filter(Objects::nonNull).mapToLong(Long::longValue)
                .max().orElse(-1);
            long anon = results.stream().filter(r -> label.equals(r.label())).map(BenchResult::brokerRssAnonPeakKb)
                .filter(Objects::nonNull).mapToLong(Long::longValue).max().orElse(-1);
            double cpuMillis = 0;
            long messages = 0;
            for (BenchResult r : results) {
                if (label.equals(r.label()) && r.brokerCpuMillis() != null) {
                    cpuMillis += r.brokerCpuMillis();
                    messages += r.sent() != null ? r.sent() : r.received() == null ? 0 : r.received();
                }
            }
            out.append("| ").append(label.equals(candidate) ? candidateName : baselineName).append(" | ")
                .append(join(lives, BrokerFacts::readyMs)).append(" | ").append(join(lives, BrokerFacts::registeredMs))
                .append(" | ").append(hwm < 0 ? "-" : String.format(Locale.ROOT, "%.0f", hwm / 1024.0))
                .append(" | ").append(anon < 0 ? "-" : String.format(Locale.ROOT, "%.0f", anon / 1024.0))
                .append(" | ").append(messages == 0 ? "-" : String.format(Locale.ROOT, "%.1f", cpuMillis * 1000 / messages))
                .append(" |\n");
        }
    }

    /** The parameters that make two runs the same load. */
    static String key(BenchResult r) {
        return String.join("|", r.workload(), String.valueOf(r.mode()), String.valueOf(r.threads()),
            String.valueOf(r.size()), String.valueOf(r.batch()), String.valueOf(r.inflight()), String.valueOf(r.rate()),
            String.valueOf(r.consumeThreads()));
    }

    /** E.g. {@code sync ×32}, {@code sync batch 32 ×4}, {@code async ×4 (1024 in flight)}, {@code e2e async ×4 at 2,000/s}. */
    static String describe(BenchResult r) {
        StringBuilder d = new StringBuilder();
        if (!"produce".equals(r.workload())) {
            d.append(r.workload()).append(r.mode() == null ? "" : " ");
        }
        if (r.mode() != null) {
            d.append(r.mode());
            if (r.batch() != null && r.batch() > 1) {
                d.append(" batch ").append(r.batch());
            }
            d.append(" ×").append(r.threads());
            if (r.inflight() != null) {
                d.append(" (").append(r.inflight()).append(" in flight)");
            }
            if (r.rate() != null) {
                d.append(String.format(Locale.ROOT, " at %,.0f/s", r.rate()));
            }
        }
        return d.toString();
    }

    private static BenchResult median(List<BenchResult> runs) {
        if (runs == null || runs.isEmpty()) {
            return null;
        }
        List<BenchResult> sorted = new ArrayList<>(runs);
        sorted.sort(Comparator.comparingDouble(r -> {
            Double v = rate(r);
            return v == null ? 0 : v;
        }));
        return sorted.get((sorted.size() - 1) / 2);
    }

    /** Messages per second: sent, or received when nothing was sent. */
    private static Double rate(BenchResult r) {
        return r == null ? null : r.sendMsgsPerSec() != null ? r.sendMsgsPerSec() : r.receiveMsgsPerSec();
    }

    private static Double mib(BenchResult r) {
        return r == null ? null : r.sendMiBPerSec() != null ? r.sendMiBPerSec() : r.receiveMiBPerSec();
    }

    private static String ratio(Double numerator, Double denominator) {
        return numerator == null || denominator == null || denominator == 0 ? "-"
            : String.format(Locale.ROOT, "**%.2f**", numerator / denominator);
    }

    private static String num(Double value, String format) {
        return value == null ? "-" : String.format(Locale.ROOT, format, value);
    }

    private static String latency(BenchResult r, Function<BenchResult, BenchResult.Latency> which) {
        BenchResult.Latency l = r == null ? null : which.apply(r);
        return l == null ? "-" : ProgressFormat.ms(l.p50()) + " / " + ProgressFormat.ms(l.p99());
    }

    private static String join(List<BrokerFacts> lives, Function<BrokerFacts, Long> value) {
        List<String> parts = new ArrayList<>();
        for (BrokerFacts f : lives) {
            Long v = value.apply(f);
            parts.add(v == null ? "-" : String.format(Locale.ROOT, "%,d", v));
        }
        return String.join(", ", parts);
    }
}
