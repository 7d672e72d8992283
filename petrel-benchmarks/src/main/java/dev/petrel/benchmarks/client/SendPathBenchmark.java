package dev.petrel.benchmarks.client;

import dev.petrel.client.Message;
import dev.petrel.client.internal.UniqueIds;
import dev.petrel.client.internal.producer.BodyCompressor;
import dev.petrel.client.internal.producer.SendRequestFactory;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.frame.ByteSink;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
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
 * The producer's own work per send, before the socket: a UNIQ_KEY, the V2 header and properties
 * ({@link SendRequestFactory}), zlib for bodies from 4 KiB, and the JSON frame header. 8 KiB bodies measure the
 * compression path (repetitive text, as JSON payloads are).
 *
 * <p>Run: {@code mvn -B -q -pl petrel-benchmarks -am package -DskipTests} then
 * {@code java -cp "petrel-benchmarks/target/classes:$(cat petrel-benchmarks/target/classpath.txt)" org.openjdk.jmh.Main SendPathBenchmark}
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SendPathBenchmark {

    @Param({"128", "8192"})
    public int bodySize;

    private final SendRequestFactory factory = new SendRequestFactory("pg", "TBW102", 4, new BodyCompressor(4096, 5));
    private final MessageQueue queue = new MessageQueue("TopicTest", "broker-a", 1);
    private final ByteSink sink = new ByteSink(16 * 1024);
    private Message message;

    @Setup
    public void setUp() {
        StringBuilder body = new StringBuilder(bodySize);
        while (body.length() < bodySize) {
            body.append("{\"order\":").append(body.length()).append(",\"state\":\"created\"}");
        }
        message = Message.builder("TopicTest").body(body.substring(0, bodySize)).tags("TagA").keys("key1", "key2")
            .property("ua", "uv").build();
    }

    /** What {@code send} does before writing: id, header, (compression), frame header. */
    @Benchmark
    public int buildAndEncode() {
        RemotingCommand command = factory.single(message, UniqueIds.next(), queue, 1796061778187L);
        sink.reset();
        RemotingFrameCodec.encodeHeader(command, command.bodyLength(), sink);
        return sink.size() + command.bodyLength();
    }

    /** The request alone (no frame). */
    @Benchmark
    public RemotingCommand buildRequest() {
        return factory.single(message, "C00002026CDF30946E0999E2B0B60056", queue, 1796061778187L);
    }
}
