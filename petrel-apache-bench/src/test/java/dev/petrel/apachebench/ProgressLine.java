package dev.petrel.apachebench;

import java.util.Locale;

/** The progress line printed every interval, in {@code bin/petrel bench}'s shape. Pure formatting. */
final class ProgressLine {

    private ProgressLine() {
    }

    /**
     * E.g. {@code [  10 s] sent 51,200 msg/s  send ms p50 0.42 p99 1.90 max 7.20  errors 0 | received 51,180 msg/s
     * e2e ms p50 0.90 p99 3.10 max 9.80}.
     *
     * @param sent     null when the run sends nothing
     * @param received null when it consumes nothing
     */
    static String interval(long elapsedNanos, long intervalNanos, boolean warmup, LoadMeter.Interval sent, long errors,
                           LoadMeter.Interval received) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%4d s%s]", Math.round(elapsedNanos / 1e9),
            warmup ? " warm-up" : ""));
        double seconds = intervalNanos / 1e9;
        if (sent != null) {
            line.append(String.format(Locale.ROOT, " sent %,.0f msg/s  send ms %s  errors %d", sent.events() / seconds,
                percentiles(sent.latency()), errors));
        }
        if (received != null) {
            line.append(sent != null ? " |" : "").append(String.format(Locale.ROOT, " received %,.0f msg/s  e2e ms %s",
                received.events() / seconds, percentiles(received.latency())));
        }
        return line.toString();
    }

    static String percentiles(LatencyHistogram.Snapshot s) {
        if (s == null || s.count() == 0) {
            return "-";
        }
        return "p50 " + ms(s.percentile(50)) + " p99 " + ms(s.percentile(99)) + " p99.9 " + ms(s.percentile(99.9))
            + " max " + ms(s.max());
    }

    /** Microseconds as milliseconds, two decimals below 100 ms. */
    static String ms(double micros) {
        double millis = micros / 1000.0;
        return millis < 100 ? String.format(Locale.ROOT, "%.2f", millis) : String.format(Locale.ROOT, "%.0f", millis);
    }
}
