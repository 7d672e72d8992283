package dev.petrel.broker;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingException;
import dev.petrel.testkit.FreePorts;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A real broker on 127.0.0.1 (free port, store in a temp directory, no NameServer) and a real remoting client that
 * talks to it, with helpers that build the requests the 5.3.1 client sends.
 */
final class BrokerFixture implements AutoCloseable {

    final Path dir;
    final int port;
    final Map<String, String> overrides;
    final Clock clock;
    BrokerServer broker;
    final RemotingClient client;

    BrokerFixture(Path dir, Map<String, String> overrides) {
        this(dir, overrides, Clock.system());
    }

    /** A broker on {@code clock} (a ManualClock for time-driven features); the test client keeps the system clock. */
    BrokerFixture(Path dir, Map<String, String> overrides, Clock clock) {
        this.clock = clock;
        this.dir = dir;
        this.port = FreePorts.next();
        this.overrides = overrides;
        this.broker = newBroker();
        broker.start();
        this.client = new RemotingClient("test-client", RemotingClientConfig.defaults(), Clock.system());
        client.start();
    }

    BrokerFixture(Path dir) {
        this(dir, Map.of());
    }

    private BrokerFixture(BrokerServer broker, Path dir, int port) {
        this.clock = Clock.system();
        this.dir = dir;
        this.port = port;
        this.overrides = Map.of();
        this.broker = broker;
        broker.start();
        this.client = new RemotingClient("test-client", RemotingClientConfig.defaults(), Clock.system());
        client.start();
    }

    /** Starts a broker built by the test (e.g. with its own clocks) on {@code config(dir, port, ...)}. */
    static BrokerFixture around(BrokerServer broker, Path dir, int port) {
        return new BrokerFixture(broker, dir, port);
    }

    static Config config(Path dir, int port, Map<String, String> overrides) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.toString());
        raw.put("listenPort", Integer.toString(port));
        raw.put("brokerName", "broker-a");
        raw.put("brokerIP1", "127.0.0.1");
        raw.put("mappedFileSizeCommitLog", Integer.toString(64 * 1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(300_000));
        raw.put("sendMessageThreadPoolNums", "2");
        raw.put("pullMessageThreadPoolNums", "4");
        raw.put("litePullMessageThreadPoolNums", "2");
        raw.put("queryMessageThreadPoolNums", "2");
        raw.put("adminBrokerThreadPoolNums", "2");
        raw.put("clientManageThreadPoolNums", "2");
        raw.put("consumerManageThreadPoolNums", "2");
        raw.put("heartbeatThreadPoolNums", "2");
        raw.put("serverSelectorThreads", "2");
        // Test brokers queue a send for up to 30 s before refusing it as busy (the default 200 ms is a production
        // shedding threshold; on a loaded 2-core test machine it refused sends of tests that are not about it).
        raw.put("waitTimeMillsInSendQueue", "30000");
        raw.putAll(overrides);
        return BrokerConfig.FILE.parse(raw, unknown -> {
            throw new IllegalArgumentException("unknown key " + unknown);
        });
    }

    BrokerServer newBroker() {
        return new BrokerServer(config(dir, port, overrides), clock);
    }

    /** Stops the broker gracefully and starts a new one on the same directory and port. */
    void restart() {
        broker.close();
        broker = newBroker();
        broker.start();
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    RemotingCommand call(RemotingCommand request) throws RemotingException, InterruptedException {
        return client.invokeSync(address(), request, 10_000);
    }

    RemotingCommand call(int code, Record header, byte[] body) throws RemotingException, InterruptedException {
        return call(RemotingCommand.request(code, header == null ? null : encode(header), body));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Map<String, String> encode(Record header) {
        return ((RecordHeaderCodec) RecordHeaderCodec.of(header.getClass())).encode(header);
    }

    static String props(String... nameValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            m.put(nameValues[i], nameValues[i + 1]);
        }
        return PropertiesCodec.encode(m);
    }

    static SendMessageRequestHeader sendHeader(String topic, int queueId, String properties) {
        return new SendMessageRequestHeader("pg", topic, "TBW102", 4, queueId, 0, 1_700_000_000_000L, 0, properties, 0,
            false, false, null, RpcFields.toBroker("broker-a"));
    }

    RemotingCommand sendV2(SendMessageRequestHeader h, byte[] body) throws RemotingException, InterruptedException {
        int code = Boolean.TRUE.equals(h.batch()) ? RequestCode.SEND_BATCH_MESSAGE : RequestCode.SEND_MESSAGE_V2;
        return call(RemotingCommand.request(code, SendMessageV2HeaderCodec.INSTANCE.encode(h), body));
    }

    RemotingCommand send(String topic, int queueId, String body, String... properties)
        throws RemotingException, InterruptedException {
        return sendV2(sendHeader(topic, queueId, props(properties)), body.getBytes(StandardCharsets.UTF_8));
    }

    static PullMessageRequestHeader pullHeader(String group, String topic, int queueId, long offset, int sysFlag,
                                               long suspendMillis, String expression) {
        return new PullMessageRequestHeader(group, topic, queueId, offset, 32, sysFlag, 0, suspendMillis, expression, 0,
            "TAG", 262144, null, null, RpcFields.toBroker("broker-a"));
    }

    RemotingCommand pull(PullMessageRequestHeader h) throws RemotingException, InterruptedException {
        return client.invokeSync(address(), RemotingCommand.request(RequestCode.PULL_MESSAGE,
            PullMessageRequestHeaderCodec.INSTANCE.encode(h), null), 30_000);
    }

    static List<DecodedMessage> decode(RemotingCommand response) {
        return new MessageRecordDecoder().decodeAll(ByteBuffer.wrap(response.body()));
    }

    static HeartbeatData consumerHeartbeat(String clientId, String group, MessageModel model, SubscriptionData... subs) {
        ConsumerData c = new ConsumerData(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_PASSIVELY, group,
            model, Set.of(subs), false);
        return new HeartbeatData(clientId, Set.of(c), 0, Set.of(new ProducerData("CLIENT_INNER_PRODUCER")), false);
    }

    RemotingCommand heartbeat(HeartbeatData data) throws RemotingException, InterruptedException {
        return call(RemotingCommand.request(RequestCode.HEART_BEAT, Map.of(), HeartbeatData.CODEC.encode(data)));
    }

    @Override
    public void close() {
        client.close();
        broker.close();
    }
}
