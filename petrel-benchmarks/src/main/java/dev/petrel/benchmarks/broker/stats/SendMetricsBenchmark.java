package dev.petrel.benchmarks.broker.stats;

import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.stats.MessageType;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.code.RequestCode;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the metrics add to one send on the broker: classifying the message ({@link MessageType#of}, one pass over its
 * properties), the per-topic counters ({@link BrokerStats#recordPut(String, MessageType, int, long)} instead of the
 * total-only {@code recordPut(int)}) and the latency histogram. {@link #totalOnly} is what a send cost before.
 * {@code topics} spreads the sends over that many topics (map lookups over a large table). Two threads, as two send
 * threads contend on the adders. {@link #withMetrics} also keeps the per-topic size histogram
 * ({@code rocketmq_message_size}); {@link #metricsOff} is the same send path with {@code metricsExporterType=DISABLE}
 * (the counters stay, the histograms are not kept).
 *
 * <p>Run: {@code org.openjdk.jmh.Main SendMetricsBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(2)
public class SendMetricsBenchmark {

    @Param({"10", "10000"})
    int topics;

    private BrokerStats stats;
    private BrokerStats statsOff;
    private String[] names;
    private String properties;

    @Setup
    public void setUp() {
        stats = new BrokerStats(ZoneOffset.UTC, 0, "DefaultCluster", true);
        statsOff = new BrokerStats(ZoneOffset.UTC, 0, "DefaultCluster", false);
        names = new String[topics];
        for (int i = 0; i < topics; i++) {
            names[i] = "BenchTopic-" + i;
            stats.recordPut(names[i], MessageType.NORMAL, 1, 200);
            statsOff.recordPut(names[i], MessageType.NORMAL, 1, 200);
        }
        properties = producerProperties();
    }

    /** What the 5.3.1 producer sends with a tagged, keyed message, encoded. */
    static String producerProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("KEYS", "order-42");
        p.put("TAGS", "created");
        p.put("WAIT", "true");
        p.put("UNIQ_KEY", "7F0000011D2C18B4AAC2612D4F7A0000");
        return PropertiesCodec.encode(p);
    }

    @Benchmark
    public void withMetrics(ThreadIndex t) {
        String topic = names[t.next(topics)];
        MessageType type = MessageType.of(0, properties);
        stats.recordPut(topic, type, 1, 230);
        stats.latencies().record(RequestCode.SEND_MESSAGE_V2, 0, 1_500_000);
    }

    @Benchmark
    public void metricsOff(ThreadIndex t) {
        String topic = names[t.next(topics)];
        MessageType type = MessageType.of(0, properties);
        statsOff.recordPut(topic, type, 1, 230);
        statsOff.latencies().record(RequestCode.SEND_MESSAGE_V2, 0, 1_500_000);
    }

    @Benchmark
    public void totalOnly(ThreadIndex t) {
        t.next(topics);
        stats.recordPut(1);
    }

    /** A per-thread round-robin over the topics. */
    @State(Scope.Thread)
    public static class ThreadIndex {
        int i;

        int next(int n) {
            i = i + 1 == n ? 0 : i + 1;
            return i;
        }
    }
}
