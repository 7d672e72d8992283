package dev.petrel.benchmarks.broker.stats;

import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.stats.MessageType;
import dev.petrel.protocol.code.RequestCode;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * {@link SendMetricsBenchmark}'s three send paths timed in <em>thread CPU time</em> rather than wall time, one thread,
 * the variants interleaved round by round: on a machine shared with other work, time spent preempted is not counted,
 * so the figures hold where JMH's wall-clock scores drown in their error bars. A bench main, not JMH: the quantity is
 * CPU nanoseconds per call ({@link ThreadMXBean#getCurrentThreadCpuTime}).
 *
 * <p>Usage: {@code java ... SendMetricsCpuBench [TOPICS [CALLS_PER_ROUND [ROUNDS]]]} (10000, 2000000, 15). Prints one
 * line per variant with the median and the quartiles over the rounds after the first third (warm-up).
 */
public final class SendMetricsCpuBench {

    private SendMetricsCpuBench() {
    }

    public static void main(String[] args) {
        int topics = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 15;
        BrokerStats on = new BrokerStats(ZoneOffset.UTC, 0, "DefaultCluster", true);
        BrokerStats off = new BrokerStats(ZoneOffset.UTC, 0, "DefaultCluster", false);
        String[] names = new String[topics];
        for (int i = 0; i < topics; i++) {
            names[i] = "BenchTopic-" + i;
            on.recordPut(names[i], MessageType.NORMAL, 1, 200);
            off.recordPut(names[i], MessageType.NORMAL, 1, 200);
        }
        String properties = SendMetricsBenchmark.producerProperties();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String[] variants = {"withMetrics", "metricsOff", "totalOnly"};
        double[][] nanos = new double[variants.length][rounds];
        long sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < variants.length; k++) {
                int v = (k + r) % variants.length; // the order turns every round
                long start = mx.getCurrentThreadCpuTime();
                int t = 0;
                for (int i = 0; i < calls; i++) {
                    t = t + 1 == topics ? 0 : t + 1;
                    switch (v) {
                        case 0 -> {
                            MessageType type = MessageType.of(0, properties);
                            on.recordPut(names[t], type, 1, 230);
                            on.latencies().record(RequestCode.SEND_MESSAGE_V2, 0, 1_500_000);
                        }
                        case 1 -> {
                            MessageType type = MessageType.of(0, properties);
                            off.recordPut(names[t], type, 1, 230);
                            off.latencies().record(RequestCode.SEND_MESSAGE_V2, 0, 1_500_000);
                        }
                        default -> off.recordPut(1);
                    }
                    sink += t;
                }
                nanos[v][r] = (mx.getCurrentThreadCpuTime() - start) / (double) calls;
            }
        }
        int warm = rounds / 3;
        for (int v = 0; v < variants.length; v++) {
            double[] kept = Arrays.copyOfRange(nanos[v], warm, rounds);
            Arrays.sort(kept);
            System.out.printf("RESULT send-metrics-cpu %s topics=%d median_ns=%.1f q1_ns=%.1f q3_ns=%.1f%n", variants[v],
                topics, kept[kept.length / 2], kept[kept.length / 4], kept[kept.length * 3 / 4]);
        }
        if (sink == 42) {
            System.out.println(); // keeps the loop's work observable
        }
    }
}
