package dev.petrel.benchmarks.protocol;

import dev.petrel.protocol.frame.ByteSink;
import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import dev.petrel.protocol.frame.SerializeType;
import java.nio.ByteBuffer;
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
 * Encoding and decoding a SEND_MESSAGE_V2 request as the 5.3.1 producer sends it (fields {@code a}..{@code n} plus
 * {@code bname}, a 1 KiB body) in both header encodings.
 *
 * <p>Run: {@code mvn -B -q -pl petrel-benchmarks -am package -DskipTests} then
 * {@code java -cp "petrel-benchmarks/target/classes:$(cat petrel-benchmarks/target/classpath.txt)" org.openjdk.jmh.Main FrameCodecBenchmark}
 * (the class path file comes from {@code dependency:build-classpath -Dmdep.outputFile=target/classpath.txt}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class FrameCodecBenchmark {

    @Param({"JSON", "ROCKETMQ"})
    public SerializeType serializeType;

    private RemotingCommand request;
    private ByteSink sink;
    private ByteBuffer heapFrame;
    private ByteBuffer directFrame;

    @Setup
    public void setUp() {
        byte[] body = new byte[1024];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        request = RemotingCommand.newRequest(310)
            .extField("a", "please_rename_unique_group_name")
            .extField("b", "TopicTest")
            .extField("c", "TBW102")
            .extField("d", "4")
            .extField("e", "2")
            .extField("f", "0")
            .extField("g", "1712345678901")
            .extField("h", "0")
            .extField("i", "TAGS\u0001TagA\u0002KEYS\u0001OrderID188\u0002UNIQ_KEY\u00017F0000010A4B18B4AAC27A3C8F410000"
                + "\u0002WAIT\u0001true\u0002")
            .extField("j", "0")
            .extField("k", "false")
            .extField("l", "0")
            .extField("m", "false")
            .extField("n", "broker-a")
            .extField("bname", "broker-a")
            .body(body)
            .serializeType(serializeType)
            .opaque(123_456)
            .build();
        sink = new ByteSink(2048);
        byte[] frame = RemotingFrameCodec.encode(request);
        heapFrame = ByteBuffer.wrap(frame, 4, frame.length - 4).slice();
        directFrame = ByteBuffer.allocateDirect(frame.length - 4);
        directFrame.put(heapFrame.duplicate()).flip();
    }

    /** Header into a reused sink, as the network encoder does before copying into its buffer. */
    @Benchmark
    public int encodeHeader() {
        sink.reset();
        RemotingFrameCodec.encodeHeader(request, request.bodyLength(), sink);
        return sink.size();
    }

    /** A whole frame into a new array (header, then the body copied behind it). */
    @Benchmark
    public byte[] encodeFrame() {
        return RemotingFrameCodec.encode(request);
    }

    /** Decoding from a heap buffer. */
    @Benchmark
    public RemotingCommand decodeHeap() throws MalformedFrameException {
        return RemotingFrameCodec.decode(heapFrame);
    }

    /** Decoding from a direct buffer, as the network decoder does with Netty's pooled direct memory. */
    @Benchmark
    public RemotingCommand decodeDirect() throws MalformedFrameException {
        return RemotingFrameCodec.decode(directFrame);
    }
}
