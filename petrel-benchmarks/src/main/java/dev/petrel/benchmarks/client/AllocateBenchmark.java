package dev.petrel.benchmarks.client;

import dev.petrel.client.consumer.allocate.AllocateStrategies;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One member's allocation in one rebalance pass: 8 brokers x 16 queues, 32 members. The consistent-hash strategy
 * rebuilds its ring (MD5 per virtual node) each pass, as RocketMQ's does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
public class AllocateBenchmark {

    @Param({"AVG", "AVG_BY_CIRCLE", "CONSISTENT_HASH", "MACHINE_ROOM"})
    public String strategyName;

    private AllocateStrategy strategy;
    private final List<MessageQueue> queues = new ArrayList<>();
    private final List<String> clients = new ArrayList<>();

    @Setup
    public void setUp() {
        for (int b = 0; b < 8; b++) {
            for (int q = 0; q < 16; q++) {
                queues.add(new MessageQueue("TopicTest", (b % 2 == 0 ? "hz" : "sh") + "@broker-" + b, q));
            }
        }
        queues.sort(null);
        for (int c = 0; c < 32; c++) {
            clients.add(String.format("10.0.%d.%d@%d", c / 8, c % 8, 4000 + c));
        }
        clients.sort(null);
        strategy = switch (strategyName) {
            case "AVG" -> AllocateStrategies.averagely();
            case "AVG_BY_CIRCLE" -> AllocateStrategies.averagelyByCircle();
            case "CONSISTENT_HASH" -> AllocateStrategies.consistentHash();
            case "MACHINE_ROOM" -> AllocateStrategies.byMachineRoom(java.util.Set.of("hz", "sh"));
            default -> throw new IllegalArgumentException(strategyName);
        };
    }

    @Benchmark
    public List<MessageQueue> allocate() {
        return strategy.allocate("cg", clients.get(17), queues, clients);
    }
}
