package dev.petrel.benchmarks.protocol;

import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The protocol layer's per-request costs: the SEND_MESSAGE_V2 header (decoded for every message sent) and the
 * HEART_BEAT body (every client, every 30 s), both taken from captured 5.3.1 traffic; plus a generic-codec header for
 * comparison with the hand-written one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HeaderAndBodyCodecBenchmark {

    private static final String PROPERTIES = "KEYS\u0001key1 key2\u0002ua\u0001uv\u0002UNIQ_KEY\u0001"
        + "FD000000000000000000000000000000000000000000000000\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002";

    private final SendMessageRequestHeader send = new SendMessageRequestHeader("pg", "TopicTest", "TBW102", 4, 1, 0,
        1796061778187L, 0, PROPERTIES, 0, false, false, null, RpcFields.toBroker("broker-a"));
    private final Map<String, String> sendFields = new HashMap<>(SendMessageV2HeaderCodec.INSTANCE.encode(send));

    private final RecordHeaderCodec<QueryConsumerOffsetRequestHeader> queryCodec =
        RecordHeaderCodec.of(QueryConsumerOffsetRequestHeader.class);
    private final Map<String, String> queryFields = new HashMap<>(queryCodec.encode(
        new QueryConsumerOffsetRequestHeader("cg", "TopicTest", 1, true, RpcFields.toBroker("broker-a"))));

    private final HeartbeatData heartbeat = new HeartbeatData("192.0.2.2@app1",
        Set.of(new ConsumerData(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_PASSIVELY, "cg",
            MessageModel.CLUSTERING, new LinkedHashSet<>(List.of(
                SubscriptionData.of("%RETRY%cg", "TAG", "*", 1796061778231L),
                SubscriptionData.of("TopicTest", "TAG", "TagA || TagB", 1796061778225L))), false)),
        0, Set.of(new ProducerData("CLIENT_INNER_PRODUCER")), false);
    private final byte[] heartbeatJson = HeartbeatData.CODEC.encode(heartbeat);
    /** The same heartbeat as the Apache client writes it (fastjson; standard JSON here, so no rewrite is needed). */
    private final byte[] heartbeatFromApache = heartbeatJson.clone();

    @Benchmark
    public Map<String, String> encodeSendV2Header() {
        return SendMessageV2HeaderCodec.INSTANCE.encode(send);
    }

    @Benchmark
    public Decoded<SendMessageRequestHeader> decodeSendV2Header() {
        return SendMessageV2HeaderCodec.INSTANCE.decode(sendFields);
    }

    @Benchmark
    public Decoded<QueryConsumerOffsetRequestHeader> decodeGenericHeader() {
        return queryCodec.decode(queryFields);
    }

    @Benchmark
    public byte[] encodeHeartbeat() {
        return HeartbeatData.CODEC.encode(heartbeat);
    }

    @Benchmark
    public HeartbeatData decodeHeartbeat() {
        return HeartbeatData.CODEC.decode(heartbeatFromApache);
    }
}
