package dev.petrel.server.bench;

import dev.petrel.common.metrics.Histogram;
import java.util.Locale;
import java.util.Map;

/** The human-readable lines of a run: one per report interval and the final summary. Pure formatting. */
final class ProgressFormat {

    private ProgressFormat() {
    }

    /**
     * One interval, e.g. {@code [  10 s] sent 51,200 msg/s 50.0 MiB/s  send ms p50 0.42 p99 1.90 max 7.20  errors 0 |
     * received 51,180 msg/s  e2e ms p50 0.90 p99 3.10 max 9.80}.
     *
     * @param sent     null when the run sends nothing
     * @param received null when the run consumes nothing
     */
    static String interval(long elapsedSeconds, boolean warmup, Meter.Reading sent, long errors, Meter.Reading received) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%4d s%s]", elapsedSeconds,
            warmup ? " warm-up" : ""));
        if (sent != null) {
            line.append(String.format(Locale.ROOT, " sent %,.0f msg/s %.1f MiB/s  send ms %s  errors %d",
                sent.messagesPerSecond(), sent.mebibytesPerSecond(), percentiles(sent.latency()), errors));
        }
        if (received != null) {
            line.append(sent != null ? " |" : "").append(String.format(Locale.ROOT, " received %,.0f msg/s %.1f MiB/s"
                + "  e2e ms %s", received.messagesPerSecond(), received.mebibytesPerSecond(),
                percentiles(received.latency())));
            if (sent == null) {
                line.append("  errors ").append(errors);
            }
        }
        return line.toString();
    }

    private static String percentiles(Histogram.Snapshot s) {
        if (s.count() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "p50 %s p99 %s max %s", ms(s.percentile(50)), ms(s.percentile(99)),
            ms(s.max()));
    }

    /** Microseconds as milliseconds with two decimals below 100 ms. */
    static String ms(double micros) {
        double millis = micros / 1000.0;
        return millis < 100 ? String.format(Locale.ROOT, "%.2f", millis) : String.format(Locale.ROOT, "%.0f", millis);
    }

    /** The final summary, several lines (without the RESULT line). */
    static String summary(BenchResult r, double warmupSeconds) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "petrel bench %s [%s] topic %s: %s; %.1f s measured after %.0f s warm-up%n",
            r.workload(), r.label(), r.topic(), describeLoad(r), r.seconds(), warmupSeconds));
        if (r.sent() != null) {
            out.append(String.format(Locale.ROOT, "  sent     %,12d messages %,12.0f msg/s %9.1f MiB/s%n", r.sent(),
                r.sendMsgsPerSec(), r.sendMiBPerSec()));
            out.append("  send latency ms (per call):  ").append(latency(r.sendLatencyMicros())).append('\n');
        }
        if (r.received() != null) {
            out.append(String.format(Locale.ROOT, "  received %,12d messages %,12.0f msg/s %9.1f MiB/s%n", r.received(),
                r.receiveMsgsPerSec(), r.receiveMiBPerSec()));
            out.append("  end-to-end latency ms:       ").append(latency(r.e2eLatencyMicros())).append('\n');
        }
        if (r.missing() != null) {
            out.append(r.missing() == 0 ? "  every message of the run was received\n"
                : r.missing() > 0 ? "  NOT RECEIVED after the drain: " + r.missing() + " messages of the run\n"
                : "  received twice: " + (-r.missing()) + " messages of the run\n");
        }
        out.append("  errors ").append(r.errors()).append('\n');
        for (Map.Entry<String, Long> e : r.errorKinds().entrySet()) {
            out.append(String.format(Locale.ROOT, "    %,d × %s%n", e.getValue(), e.getKey()));
        }
        if (r.brokerPid() != null) {
            out.append(String.format(Locale.ROOT, "  broker pid %d: CPU %.1f s in the measured phase (%s µs/message), "
                + "RSS peak %s MiB (anonymous %s MiB), VmHWM %s MiB%n", r.brokerPid(), r.brokerCpuMillis() / 1000.0,
                r.brokerCpuMicrosPerMessage() == null ? "-" : String.format(Locale.ROOT, "%.1f",
                    r.brokerCpuMicrosPerMessage()),
                mib(r.brokerRssPeakKb()), mib(r.brokerRssAnonPeakKb()), mib(r.brokerVmHwmKb())));
        }
        return out.toString();
    }

    /** E.g. {@code sync, 32 threads, 1024 B bodies, batches of 32}. */
    static String describeLoad(BenchResult r) {
        StringBuilder load = new StringBuilder();
        if (r.mode() != null) {
            load.append(r.mode()).append(", ").append(r.threads()).append(r.threads() == 1 ? " thread" : " threads")
                .append(", ").append(r.size()).append(" B bodies");
            if (r.batch() != null && r.batch() > 1) {
                load.append(", batches of ").append(r.batch());
            }
            if ("async".equals(r.mode())) {
                load.append(", ").append(r.inflight()).append(" in flight");
            }
            if (r.rate() != null && r.rate() > 0) {
                load.append(String.format(Locale.ROOT, ", at %,.0f msg/s", r.rate()));
            }
        }
        if (r.consumeThreads() != null) {
            load.append(load.length() > 0 ? "; " : "").append("push consumer, ").append(r.consumeThreads())
                .append(" consume threads");
        }
        return load.toString();
    }

    private static String latency(BenchResult.Latency l) {
        if (l == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "mean %s  p50 %s  p90 %s  p99 %s  p99.9 %s  max %s", ms(l.mean()), ms(l.p50()),
            ms(l.p90()), ms(l.p99()), ms(l.p999()), ms(l.max()));
    }

    private static String mib(Long kb) {
        return kb == null || kb < 0 ? "-" : String.format(Locale.ROOT, "%.0f", kb / 1024.0);
    }
}
