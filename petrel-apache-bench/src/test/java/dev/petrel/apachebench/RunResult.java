package dev.petrel.apachebench;

import com.alibaba.fastjson2.JSONObject;
import java.util.Locale;
import java.util.Map;

/**
 * The outcome of one run, written as the JSON {@code bin/petrel bench} writes (its BenchResult: the same field names
 * and units), so bench/compare.sh and {@code petrel bench report} read both tools' results alike. Rates and counts
 * cover the measured phase; absent values are left out.
 *
 * @param measuredNanos  the measured phase (drain: from the first message received to the last)
 * @param sent           messages sent and stored (SEND_OK), or null when nothing was sent
 * @param received       messages received, or null
 * @param e2eLatency     e2e: per message, send time (in its body) to the listener
 * @param missing        e2e: sent by this run but not received after the drain
 * @param brokerCpuNanos the broker's CPU time over the measured phase, -1 unknown
 */
record RunResult(DriverPlan plan, long measuredNanos, Long sent, Long sentBytes, LatencyHistogram.Snapshot sendLatency,
                 Long received, Long receivedBytes, LatencyHistogram.Snapshot e2eLatency, Long missing, long errors,
                 Map<String, Long> errorKinds, Long brokerPid, long brokerCpuNanos, BrokerProcess.Memory brokerPeak) {

    static final String PREFIX = "RESULT ";
    static final String CLIENT = "apache-rocketmq-client-5.3.1";

    JSONObject json() {
        JSONObject j = new JSONObject();
        j.put("label", plan.label());
        j.put("client", CLIENT);
        j.put("workload", plan.workload() == DriverPlan.Workload.DRAIN ? "consume"
            : plan.workload().name().toLowerCase(Locale.ROOT));
        if (plan.sends()) {
            j.put("mode", plan.mode().name().toLowerCase(Locale.ROOT));
            j.put("threads", plan.threads());
            j.put("size", plan.size());
            j.put("batch", plan.batch());
            if (plan.mode() == DriverPlan.Mode.ASYNC) {
                j.put("inflight", plan.inflight());
            }
            if (plan.rate() > 0) {
                j.put("rate", plan.rate());
            }
        }
        if (plan.consumes()) {
            j.put("consumeThreads", plan.consumeThreads());
        }
        j.put("topic", plan.topic());
        double seconds = measuredNanos / 1e9;
        j.put("seconds", round(seconds, 3));
        if (sent != null) {
            j.put("sent", sent);
            j.put("sendMsgsPerSec", round(perSecond(sent, seconds), 1));
            j.put("sendMiBPerSec", round(perSecond(sentBytes, seconds) / (1024 * 1024), 2));
            j.put("sendLatencyMicros", latency(sendLatency));
        }
        if (received != null) {
            j.put("received", received);
            // drain: the first message opens the span, so n messages arrived in n - 1 gaps
            long counted = plan.workload() == DriverPlan.Workload.DRAIN ? Math.max(0, received - 1) : received;
            j.put("receiveMsgsPerSec", round(perSecond(counted, seconds), 1));
            j.put("receiveMiBPerSec", round(perSecond(receivedBytes, seconds) / (1024 * 1024), 2));
            j.put("e2eLatencyMicros", latency(e2eLatency));
        }
        j.put("missing", missing);
        j.put("errors", errors);
        j.put("errorKinds", errorKinds);
        j.put("brokerPid", brokerPid);
        if (brokerCpuNanos >= 0) {
            j.put("brokerCpuMillis", round(brokerCpuNanos / 1e6, 1));
            long messages = sent != null ? sent : received == null ? 0 : received;
            if (messages > 0) {
                j.put("brokerCpuMicrosPerMessage", round(brokerCpuNanos / 1e3 / messages, 2));
            }
        }
        j.put("brokerRssPeakKb", known(brokerPeak.rssKb()));
        j.put("brokerRssAnonPeakKb", known(brokerPeak.rssAnonKb()));
        j.put("brokerVmHwmKb", known(brokerPeak.hwmKb()));
        j.values().removeIf(v -> v == null);
        return j;
    }

    String line() {
        return PREFIX + json().toString();
    }

    /** Percentiles as {@code petrel bench} writes them (µs), or null without samples. */
    static JSONObject latency(LatencyHistogram.Snapshot s) {
        if (s == null || s.count() == 0) {
            return null;
        }
        JSONObject l = new JSONObject();
        l.put("count", s.count());
        l.put("mean", round(s.mean(), 1));
        l.put("p50", s.percentile(50));
        l.put("p90", s.percentile(90));
        l.put("p99", s.percentile(99));
        l.put("p999", s.percentile(99.9));
        l.put("max", s.max());
        return l;
    }

    /** The human-readable summary, several lines. */
    String summary() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "apache bench %s [%s] topic %s: %.1f s measured%n",
            plan.workload().name().toLowerCase(Locale.ROOT), plan.label(), plan.topic(), measuredNanos / 1e9));
        JSONObject j = json();
        if (sent != null) {
            out.append(String.format(Locale.ROOT, "  sent     %,12d messages %,12.0f msg/s %9.1f MiB/s%n", sent,
                j.getDoubleValue("sendMsgsPerSec"), j.getDoubleValue("sendMiBPerSec")));
            out.append("  send latency ms (per call):  ").append(ProgressLine.percentiles(sendLatency)).append('\n');
        }
        if (received != null) {
            out.append(String.format(Locale.ROOT, "  received %,12d messages %,12.0f msg/s%n", received,
                j.getDoubleValue("receiveMsgsPerSec")));
            if (e2eLatency != null) {
                out.append("  e2e latency ms:              ").append(ProgressLine.percentiles(e2eLatency)).append('\n');
            }
        }
        if (missing != null) {
            out.append("  missing  ").append(missing).append('\n');
        }
        out.append("  errors   ").append(errors).append('\n');
        errorKinds.forEach((k, v) -> out.append(String.format(Locale.ROOT, "    %,d × %s%n", v, k)));
        if (j.containsKey("brokerCpuMicrosPerMessage")) {
            out.append("  broker CPU µs/msg ").append(j.get("brokerCpuMicrosPerMessage")).append('\n');
        }
        return out.toString();
    }

    private static double perSecond(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }

    private static Long known(long value) {
        return value < 0 ? null : value;
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
