package dev.petrel.server.bench;

import dev.petrel.common.json.JsonCodec;
import dev.petrel.common.metrics.Histogram;
import java.util.Map;

/**
 * The outcome of one run, as the {@code RESULT} line carries it in JSON for scripts ({@code bench/e2e.sh}, {@code petrel
 * bench report}). Counts and rates cover the measured phase only (after the warm-up). Absent values (null) are left
 * out of the JSON: a produce run has no receive figures, a run without {@code --broker-pid} no broker figures.
 *
 * @param label                 what the run measured ({@code --label}, e.g. {@code petrel} or {@code apache})
 * @param seconds               length of the measured phase
 * @param sendLatencyMicros     per call: a batch is one sample, a oneway send the time to hand it to the network
 * @param e2eLatencyMicros      per message, from its send time (in its body) to the consumer's listener
 * @param missing               e2e: messages of this run sent but not received after the drain (negative: received
 *                              twice)
 * @param errors                failed calls in the measured phase; {@code errorKinds} counts them by message
 * @param brokerCpuMicrosPerMessage broker CPU time in the measured phase per message sent (or received, when nothing
 *                              was sent)
 * @param brokerRssPeakKb       largest resident memory seen in the measured phase (sampled every interval)
 * @param brokerVmHwmKb         the broker's resident peak since it started (VmHWM) at the end of the run
 */
record BenchResult(String label, String workload, String mode, Integer threads, Integer size, Integer batch,
                   Integer inflight, Double rate, Integer consumeThreads, String topic, double seconds,
                   Long sent, Double sendMsgsPerSec, Double sendMiBPerSec, Latency sendLatencyMicros,
                   Long received, Double receiveMsgsPerSec, Double receiveMiBPerSec, Latency e2eLatencyMicros,
                   Long missing, long errors, Map<String, Long> errorKinds,
                   Long brokerPid, Double brokerCpuMillis, Double brokerCpuMicrosPerMessage, Long brokerRssPeakKb,
                   Long brokerRssAnonPeakKb, Long brokerVmHwmKb) {

    /** What starts the machine-readable line. */
    static final String PREFIX = "RESULT ";

    /** The result as one line: {@code RESULT {...}}. */
    String line() {
        return PREFIX + json();
    }

    String json() {
        return JsonCodec.standard().encodeToString(this);
    }

    /**
     * Reads a result from its JSON, or from a whole {@code RESULT} line.
     *
     * @throws dev.petrel.common.json.JsonException if the text is not a result
     */
    static BenchResult parse(String text) {
        String json = text.startsWith(PREFIX) ? text.substring(PREFIX.length()) : text;
        return JsonCodec.standard().decode(json, BenchResult.class);
    }

    /** Latency percentiles in microseconds. */
    record Latency(long count, double mean, long p50, long p90, long p99, long p999, long max) {

        static Latency of(Histogram.Snapshot s) {
            return s.count() == 0 ? null : new Latency(s.count(), Math.round(s.mean() * 10) / 10.0, s.percentile(50),
                s.percentile(90), s.percentile(99), s.percentile(99.9), s.max());
        }
    }
}
