package dev.petrel.apachebench;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONObject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * bench/compare.sh's tables, from its runs file: one JSON object per line, one line per run (a fresh broker, one
 * case, one client), {@code {"case", "title", "round", "target", "listenMs", "registeredMs", "vmHwmKb", "result"}}
 * where {@code result} is the load tool's JSON result ({@code bin/petrel bench}'s or {@link RunResult}'s: the same
 * fields), or null when the load failed. Every figure is the median over the case's runs with the min–max beside it.
 * Pure: text in, Markdown out.
 */
final class CompareReport {

    /** The targets in the order of the tables, with their column names. */
    static final Map<String, String> TARGETS = Map.of(
        "apache", "Apache 5.3.1 · official client",
        "petrel", "Petrel · official client",
        "petrel-own", "Petrel · Petrel client");
    private static final List<String> TARGET_ORDER = List.of("apache", "petrel", "petrel-own");
    static final String CANDIDATE = "petrel";
    static final String BASELINE = "apache";

    /** The issue's targets per case (ratios Petrel / Apache, both with the official client). */
    private static final Map<String, Target> GOALS = Map.of(
        "sync-1k", new Target(2.0, 1.0, false),
        "async-1k", new Target(1.5, Double.NaN, false),
        "batch-32x1k", new Target(1.5, Double.NaN, false),
        "drain-1k", new Target(1.5, Double.NaN, false),
        "oneway-1k", new Target(1.5, Double.NaN, false),
        "syncflush-1k", new Target(1.5, Double.NaN, false),
        "e2e-5k", new Target(Double.NaN, 0.5, true),
        "e2e-20k", new Target(Double.NaN, 0.5, true));
    private static final double CPU_GOAL = 0.5;
    private static final double RSS_GOAL = 0.35;
    private static final long LISTEN_GOAL_MS = 500;
    private static final long E2E_P99_GOAL_MICROS = 50_000;

    /** @param p99Ratio at most this × Apache's p99; {@code noErrors}: and not one failed send */
    record Target(double throughputRatio, double p99Ratio, boolean noErrors) {
    }

    /** One run as the runs file has it. */
    record Run(String caseId, String title, int round, String target, Long listenMs, Long registeredMs, Long vmHwmKb,
               JSONObject result) {

        static Run parse(String line) {
            JSONObject j = JSON.parseObject(line);
            if (j == null || j.getString("case") == null || j.getString("target") == null) {
                throw new JSONException("not a run: needs \"case\" and \"target\"");
            }
            return new Run(j.getString("case"), j.getString("title") == null ? j.getString("case") : j.getString("title"),
                j.getIntValue("round"), j.getString("target"), j.getLong("listenMs"), j.getLong("registeredMs"),
                j.getLong("vmHwmKb"), j.getJSONObject("result"));
        }

        boolean ok() {
            return result != null;
        }

        Double msgsPerSec() {
            if (result == null) {
                return null;
            }
            Double sent = result.getDouble("sendMsgsPerSec");
            return sent != null ? sent : result.getDouble("receiveMsgsPerSec");
        }

        /** Decimal megabytes per second of bodies. */
        Double megabytesPerSec() {
            if (result == null) {
                return null;
            }
            Double mib = result.getDouble("sendMiBPerSec");
            mib = mib != null ? mib : result.getDouble("receiveMiBPerSec");
            return mib == null ? null : mib * 1024 * 1024 / 1e6;
        }

        /** The latency the case is about: end to end for e2e, per send call otherwise, none for a drain. */
        JSONObject latency() {
            if (result == null) {
                return null;
            }
            String workload = result.getString("workload");
            if ("e2e".equals(workload)) {
                return result.getJSONObject("e2eLatencyMicros");
            }
            return "consume".equals(workload) ? null : result.getJSONObject("sendLatencyMicros");
        }

        Double latencyMillis(String percentile) {
            JSONObject l = latency();
            Long v = l == null ? null : l.getLong(percentile);
            return v == null ? null : v / 1000.0;
        }

        Double number(String field) {
            return result == null ? null : result.getDouble(field);
        }
    }

    private final List<Run> runs;
    private final Double ddMegabytesPerSec;

    CompareReport(List<Run> runs, Double ddMegabytesPerSec) {
        this.runs = runs;
        this.ddMegabytesPerSec = ddMegabytesPerSec;
    }

    static CompareReport parse(List<String> lines, Double ddMegabytesPerSec) {
        List<Run> runs = new ArrayList<>();
        int number = 0;
        for (String line : lines) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            try {
                runs.add(Run.parse(line.trim()));
            } catch (JSONException e) {
                throw new IllegalArgumentException("runs file line " + number + ": " + e.getMessage(), e);
            }
        }
        return new CompareReport(runs, ddMegabytesPerSec);
    }

    String render() {
        StringBuilder out = new StringBuilder();
        Map<String, Map<String, List<Run>>> byCase = byCase();
        perRun(byCase, out);
        out.append('\n');
        ratios(byCase, out);
        out.append('\n');
        starts(out);
        errors(byCase, out);
        return out.toString();
    }

    private Map<String, Map<String, List<Run>>> byCase() {
        Map<String, Map<String, List<Run>>> byCase = new LinkedHashMap<>();
        for (Run r : runs) {
            byCase.computeIfAbsent(r.caseId(), k -> new LinkedHashMap<>()).computeIfAbsent(r.target(),
                k -> new ArrayList<>()).add(r);
        }
        return byCase;
    }

    private static List<String> targetsOf(Map<String, List<Run>> byTarget) {
        List<String> order = new ArrayList<>();
        for (String t : TARGET_ORDER) {
            if (byTarget.containsKey(t)) {
                order.add(t);
            }
        }
        for (String t : byTarget.keySet()) {
            if (!order.contains(t)) {
                order.add(t);
            }
        }
        return order;
    }

    private void perRun(Map<String, Map<String, List<Run>>> byCase, StringBuilder out) {
        out.append("| case | broker · client | runs | msgs/s | MB/s | p50 ms | p99 ms | p99.9 ms | max ms "
            + "| broker CPU µs/msg | peak anon RSS MiB | peak RSS MiB | launch→port ms | errors |\n");
        out.append("|---".repeat(14)).append("|\n");
        for (Map<String, List<Run>> byTarget : byCase.values()) {
            for (String target : targetsOf(byTarget)) {
                List<Run> rs = byTarget.get(target);
                List<Run> ok = rs.stream().filter(Run::ok).toList();
                long failed = rs.size() - ok.size();
                out.append("| ").append(rs.get(0).title()).append(" | ").append(TARGETS.getOrDefault(target, target))
                    .append(" | ").append(ok.size()).append(failed == 0 ? "" : " (+" + failed + " failed)")
                    .append(" | ").append(spread(ok, Run::msgsPerSec, "%,.0f"))
                    .append(" | ").append(spread(ok, Run::megabytesPerSec, "%.1f"))
                    .append(" | ").append(spread(ok, r -> r.latencyMillis("p50"), "%.2f"))
                    .append(" | ").append(spread(ok, r -> r.latencyMillis("p99"), "%.2f"))
                    .append(" | ").append(spread(ok, r -> r.latencyMillis("p999"), "%.1f"))
                    .append(" | ").append(spread(ok, r -> r.latencyMillis("max"), "%.1f"))
                    .append(" | ").append(spread(ok, r -> r.number("brokerCpuMicrosPerMessage"), "%.1f"))
                    .append(" | ").append(spread(ok, r -> kbToMib(r.number("brokerRssAnonPeakKb")), "%.0f"))
                    .append(" | ").append(spread(ok, r -> kbToMib(r.vmHwmKb() == null ? null : r.vmHwmKb().doubleValue()), "%.0f"))
                    .append(" | ").append(spread(rs, r -> r.listenMs() == null ? null : r.listenMs().doubleValue(), "%,.0f"))
                    .append(" | ").append(spread(ok, r -> r.number("errors"), "%,.0f"))
                    .append(" |\n");
            }
        }
    }

    private void ratios(Map<String, Map<String, List<Run>>> byCase, StringBuilder out) {
        out.append("Petrel / Apache 5.3.1, both with the official client (ratios of the medians; CPU, memory and "
            + "latency: lower is better):\n\n");
        out.append("| case | msgs/s | p99 | broker CPU µs/msg | peak anon RSS | targets |\n");
        out.append("|---".repeat(6)).append("|\n");
        for (Map.Entry<String, Map<String, List<Run>>> e : byCase.entrySet()) {
            List<Run> p = ok(e.getValue().get(CANDIDATE));
            List<Run> a = ok(e.getValue().get(BASELINE));
            if (p.isEmpty() || a.isEmpty()) {
                continue;
            }
            Double msgs = ratio(median(p, Run::msgsPerSec), median(a, Run::msgsPerSec));
            Double p99 = ratio(median(p, r -> r.latencyMillis("p99")), median(a, r -> r.latencyMillis("p99")));
            Double cpu = ratio(median(p, r -> r.number("brokerCpuMicrosPerMessage")),
                median(a, r -> r.number("brokerCpuMicrosPerMessage")));
            Double rss = ratio(median(p, r -> r.number("brokerRssAnonPeakKb")), median(a, r -> r.number("brokerRssAnonPeakKb")));
            out.append("| ").append(p.get(0).title()).append(" | ").append(times(msgs)).append(" | ").append(times(p99))
                .append(" | ").append(times(cpu)).append(" | ").append(times(rss)).append(" | ")
                .append(verdicts(e.getKey(), p, msgs, p99, cpu, rss)).append(" |\n");
        }
    }

    private String verdicts(String caseId, List<Run> petrel, Double msgs, Double p99, Double cpu, Double rss) {
        List<String> v = new ArrayList<>();
        Target goal = GOALS.get(caseId);
        if (goal != null) {
            if (!Double.isNaN(goal.throughputRatio())) {
                v.add(verdict("msgs/s ≥ " + goal.throughputRatio() + " ×", msgs != null && msgs >= goal.throughputRatio()));
            }
            if (!Double.isNaN(goal.p99Ratio())) {
                v.add(verdict("p99 ≤ " + goal.p99Ratio() + " ×", p99 != null && p99 <= goal.p99Ratio()));
            }
            if (goal.noErrors()) {
                double worst = petrel.stream().mapToDouble(r -> r.number("errors") == null ? 0 : r.number("errors"))
                    .max().orElse(0);
                v.add(verdict("no failed send", worst == 0));
            }
            if ("e2e-5k".equals(caseId)) {
                Double worstP99 = petrel.stream().map(r -> r.latencyMillis("p99")).filter(x -> x != null)
                    .max(Double::compare).orElse(null);
                v.add(verdict("p99 < " + E2E_P99_GOAL_MICROS / 1000 + " ms", worstP99 != null
                    && worstP99 < E2E_P99_GOAL_MICROS / 1000.0));
            }
        }
        if ("sync-16k".equals(caseId) && ddMegabytesPerSec != null) {
            Double mb = median(petrel, Run::megabytesPerSec);
            v.add(String.format(Locale.ROOT, "%.0f %% of dd (the 70 %% target is for async 16 KiB)",
                mb == null ? 0 : 100 * mb / ddMegabytesPerSec));
        }
        v.add(verdict("CPU ≤ " + CPU_GOAL + " ×", cpu != null && cpu <= CPU_GOAL));
        v.add(verdict("RSS ≤ " + RSS_GOAL + " ×", rss != null && rss <= RSS_GOAL));
        return String.join("; ", v);
    }

    private static String verdict(String what, boolean met) {
        return what + (met ? " met" : " **not met**");
    }

    private void starts(StringBuilder out) {
        out.append("| broker | starts | launch→port ms | launch→registered ms |\n|---|---|---|---|\n");
        Map<String, List<Run>> byBroker = new LinkedHashMap<>();
        for (Run r : runs) {
            String broker = r.target().startsWith("petrel") ? "Petrel" : r.target().equals("apache") ? "Apache 5.3.1"
                : r.target();
            byBroker.computeIfAbsent(broker, k -> new ArrayList<>()).add(r);
        }
        byBroker.forEach((broker, rs) -> out.append("| ").append(broker).append(" | ").append(rs.size()).append(" | ")
            .append(spread(rs, r -> r.listenMs() == null ? null : r.listenMs().doubleValue(), "%,.0f")).append(" | ")
            .append(spread(rs, r -> r.registeredMs() == null ? null : r.registeredMs().doubleValue(), "%,.0f"))
            .append(" |\n"));
        List<Run> petrel = byBroker.getOrDefault("Petrel", List.of());
        Double listen = median(petrel, r -> r.listenMs() == null ? null : r.listenMs().doubleValue());
        if (listen != null) {
            out.append("\nPetrel's launch to serving (port open): ").append(verdict("≤ " + LISTEN_GOAL_MS + " ms",
                listen <= LISTEN_GOAL_MS)).append(" (median ").append(String.format(Locale.ROOT, "%,.0f", listen))
                .append(" ms).\n");
        }
    }

    private void errors(Map<String, Map<String, List<Run>>> byCase, StringBuilder out) {
        List<String> lines = new ArrayList<>();
        for (Map<String, List<Run>> byTarget : byCase.values()) {
            for (String target : targetsOf(byTarget)) {
                Map<String, Long> kinds = new LinkedHashMap<>();
                for (Run r : byTarget.get(target)) {
                    JSONObject k = r.result() == null ? null : r.result().getJSONObject("errorKinds");
                    if (k != null) {
                        k.forEach((kind, n) -> kinds.merge(kind.replaceAll("[0-9]+", "#"),
                            ((Number) n).longValue(), Long::sum));
                    }
                }
                if (kinds.isEmpty()) {
                    continue;
                }
                StringBuilder line = new StringBuilder("* ").append(byTarget.get(target).get(0).title()).append(", ")
                    .append(TARGETS.getOrDefault(target, target)).append(": ");
                List<String> parts = new ArrayList<>();
                kinds.forEach((kind, n) -> parts.add(String.format(Locale.ROOT, "%,d × `%s`", n, kind.replace('`', '\''))));
                lines.add(line.append(String.join(", ", parts)).toString());
            }
        }
        out.append("\nErrors by kind (all runs of a case together):");
        if (lines.isEmpty()) {
            out.append(" none.\n");
        } else {
            out.append("\n\n").append(String.join("\n", lines)).append('\n');
        }
    }

    // ---- numbers

    private static List<Run> ok(List<Run> rs) {
        return rs == null ? List.of() : rs.stream().filter(Run::ok).toList();
    }

    /** "median (min–max)" of the runs' values; the median alone when all read the same, "-" for none. */
    static String spread(List<Run> rs, Function<Run, Double> value, String format) {
        List<Double> values = values(rs, value);
        if (values.isEmpty()) {
            return "-";
        }
        String median = String.format(Locale.ROOT, format, median(values));
        String min = String.format(Locale.ROOT, format, values.get(0));
        String max = String.format(Locale.ROOT, format, values.get(values.size() - 1));
        return min.equals(max) ? median : median + " (" + min + "–" + max + ")";
    }

    private static List<Double> values(List<Run> rs, Function<Run, Double> value) {
        List<Double> values = new ArrayList<>();
        for (Run r : rs) {
            Double v = value.apply(r);
            if (v != null) {
                values.add(v);
            }
        }
        Collections.sort(values);
        return values;
    }

    static Double median(List<Run> rs, Function<Run, Double> value) {
        List<Double> values = values(rs, value);
        return values.isEmpty() ? null : median(values);
    }

    /** Of sorted values: the middle one, or the mean of the two middle ones. */
    static double median(List<Double> sorted) {
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static Double ratio(Double a, Double b) {
        return a == null || b == null || b == 0 ? null : a / b;
    }

    private static String times(Double ratio) {
        return ratio == null ? "-" : String.format(Locale.ROOT, "**%.2f ×**", ratio);
    }

    private static Double kbToMib(Double kb) {
        return kb == null ? null : kb / 1024;
    }
}
