package dev.petrel.benchmarks.broker;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsEndpoint;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import io.prometheus.metrics.model.snapshots.Labels;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How long a scrape of a broker with many topics takes: a real broker with {@code TOPICS} topics of
 * {@code QUEUES} queues (written to {@code config/topics.json} before the start, as a broker that has run a while
 * has them), one message sent to every queue and one group's offset committed on every queue (so every topic has
 * in, out-free and lag series), then {@code SCRAPES} HTTP scrapes of the broker's endpoint over loopback.
 *
 * <p>A bench main rather than JMH: the quantity is the wall time of a whole HTTP scrape. Usage:
 * {@code java ... MetricsScrapeBench [TOPICS [QUEUES [SCRAPES]]]}. Prints {@code RESULT metrics-scrape topics=N
 * series=... bytes=... median_ms=... max_ms=...} and the in-process {@code collect()} time.
 */
public final class MetricsScrapeBench {

    private MetricsScrapeBench() {
    }

    public static void main(String[] args) throws Exception {
        int topics = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int queues = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        int scrapes = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        Path dir = Files.createTempDirectory("petrel-metrics-bench");
        Map<String, TopicConfig> table = new LinkedHashMap<>();
        for (int t = 0; t < topics; t++) {
            table.put(topic(t), TopicConfig.of(topic(t), queues, queues, 6));
        }
        Files.createDirectories(dir.resolve("config"));
        Files.write(dir.resolve("config/topics.json"), TopicConfigSerializeWrapper.CODEC.encode(
            new TopicConfigSerializeWrapper(DataVersion.initial(System.currentTimeMillis()), table)));
        Map<String, String> raw = BenchBroker.properties(dir);
        int port = Integer.parseInt(raw.get("listenPort"));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(6_000));
        raw.put("waitTimeMillsInSendQueue", "60000"); // the workload is set-up, not the measured part
        BrokerServer broker = new BrokerServer(BrokerConfig.FILE.parse(raw, u -> { }), Clock.system());
        broker.start();
        RemotingClient client = new RemotingClient("bench-client", RemotingClientConfig.defaults(), Clock.system());
        client.start();
        String addr = "127.0.0.1:" + port;
        MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, Labels.EMPTY, List.of(broker.metrics()));
        try {
            long begin = System.nanoTime();
            check(client.invokeSync(addr, send(topic(0), 0), 30_000), "send");
            // A pull creates the group (autoCreateSubscriptionGroup), which offset commits need.
            PullMessageRequestHeader pull = new PullMessageRequestHeader("benchGroup", topic(0), 0, 0, 1, 0, 0, 0, "*",
                0, "TAG", null, null, null, RpcFields.NONE);
            client.invokeSync(addr, RemotingCommand.request(RequestCode.PULL_MESSAGE,
                PullMessageRequestHeaderCodec.INSTANCE.encode(pull), null), 30_000);
            for (int t = 0; t < topics; t++) {
                for (int q = 0; q < queues; q++) {
                    check(client.invokeSync(addr, send(topic(t), q), 30_000), "send");
                    check(client.invokeSync(addr, commit(topic(t), q), 30_000), "commit");
                }
            }
            System.out.printf("workload: %d sends and commits in %d ms%n", topics * queues,
                (System.nanoTime() - begin) / 1_000_000);
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + endpoint.port() + "/metrics"))
                .GET().build();
            long[] millis = new long[scrapes];
            int bytes = 0;
            long series = 0;
            for (int i = -5; i < scrapes; i++) { // five warm-up scrapes
                long start = System.nanoTime();
                HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
                long took = System.nanoTime() - start;
                if (r.statusCode() != 200) {
                    throw new IllegalStateException("scrape answered " + r.statusCode());
                }
                if (i >= 0) {
                    millis[i] = took / 1_000_000;
                    bytes = r.body().length();
                    series = r.body().lines().filter(l -> !l.startsWith("#")).count();
                }
            }
            long collectStart = System.nanoTime();
            int rounds = 10;
            for (int i = 0; i < rounds; i++) {
                broker.metrics().collect();
            }
            long collectMicros = (System.nanoTime() - collectStart) / 1_000 / rounds;
            Arrays.sort(millis);
            System.out.printf("RESULT metrics-scrape topics=%d queues=%d series=%d bytes=%d median_ms=%d max_ms=%d "
                + "collect_ms=%.1f%n", topics, queues, series, bytes, millis[scrapes / 2], millis[scrapes - 1],
                collectMicros / 1000.0);
        } finally {
            endpoint.close();
            client.close();
            broker.close();
        }
    }

    private static String topic(int t) {
        return "BenchTopic-" + t;
    }

    private static void check(RemotingCommand response, String what) {
        if (response.code() != ResponseCode.SUCCESS) {
            throw new IllegalStateException(what + " answered " + response.code() + " " + response.remark());
        }
    }

    private static RemotingCommand send(String topic, int queue) {
        SendMessageRequestHeader h = new SendMessageRequestHeader("benchProducer", topic, "TBW102", 4, queue, 0,
            0L, 0, null, 0, false, false, null, RpcFields.NONE);
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, SendMessageV2HeaderCodec.INSTANCE.encode(h),
            new byte[128]);
    }

    private static RemotingCommand commit(String topic, int queue) {
        UpdateConsumerOffsetRequestHeader h = new UpdateConsumerOffsetRequestHeader("benchGroup", topic, queue, 0,
            RpcFields.NONE);
        return RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET,
            RecordHeaderCodec.of(UpdateConsumerOffsetRequestHeader.class).encode(h), null);
    }
}
