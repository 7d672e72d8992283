package dev.petrel.client.testing;

import dev.petrel.common.time.Clock;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.TagCode;
import dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.ConnectionListener;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.remoting.RequestContext;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An in-memory broker for client tests, speaking the real protocol on a real socket: sends (single and batch), pulls
 * with a short long-polling hold, heartbeats with NOTIFY_CONSUMER_IDS_CHANGED on membership changes, offsets,
 * send-back into the retry topic, and a recorder of every request. {@link #delaySends} stalls send responses (the
 * fault-latency tests). Not a model of the real broker beyond what clients observe.
 */
public final class FakeBroker implements AutoCloseable {

    /** One request as received. */
    public record Received(int code, boolean oneway, Map<String, String> extFields, byte[] body) {
    }

    private static final long MAX_HOLD_MILLIS = 1_000;

    private final String name;
    private final FakeNameServer namesrv;
    private final RemotingServer server;
    private final Host storeHost;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    private final Map<String, List<List<byte[]>>> topics = new ConcurrentHashMap<>();
    private final Map<Long, byte[]> byPhysicalOffset = new ConcurrentHashMap<>();
    private final Map<String, Long> offsets = new ConcurrentHashMap<>();
    private final Map<String, Map<Connection, String>> groups = new ConcurrentHashMap<>();
    private final Map<String, Map<String, SubscriptionData>> subscriptions = new ConcurrentHashMap<>();
    private final List<Runnable> waiters = new CopyOnWriteArrayList<>();
    public final List<Received> received = new CopyOnWriteArrayList<>();
    private long physical = 0;
    private volatile long sendDelayMillis;

    public FakeBroker(String name, FakeNameServer namesrv) {
        this.name = name;
        this.namesrv = namesrv;
        this.server = new RemotingServer("fake-" + name, RemotingServerConfig.defaults()
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1"), Clock.system());
        server.registerDefaultProcessor(this::process, new dev.petrel.remoting.ProcessorExecutor("fake-" + name, 4, 10_000,
            "none"));
        server.addConnectionListener(new ConnectionListener() {
            @Override
            public void closed(Connection connection) {
                for (Map.Entry<String, Map<Connection, String>> g : groups.entrySet()) {
                    if (g.getValue().remove(connection) != null) {
                        notifyGroup(g.getKey());
                    }
                }
            }
        });
        server.start();
        storeHost = Host.parse(address());
        timer.scheduleAtFixedRate(() -> waiters.forEach(Runnable::run), 50, 50, TimeUnit.MILLISECONDS);
    }

    public String name() {
        return name;
    }

    public String address() {
        return "127.0.0.1:" + server.port();
    }

    /** Creates a topic here and announces it on the NameServer. */
    public FakeBroker createTopic(String topic, int queues) {
        List<List<byte[]>> qs = new ArrayList<>();
        for (int i = 0; i < queues; i++) {
            qs.add(new CopyOnWriteArrayList<>());
        }
        topics.putIfAbsent(topic, qs);
        namesrv.register(topic, name, address(), queues, 6);
        return this;
    }

    /** Every send answered from now on waits this long first. */
    public void delaySends(long millis) {
        this.sendDelayMillis = millis;
    }

    public int messageCount(String topic) {
        List<List<byte[]>> qs = topics.get(topic);
        return qs == null ? 0 : qs.stream().mapToInt(List::size).sum();
    }

    public List<DecodedMessage> messages(String topic, int queueId) {
        List<DecodedMessage> out = new ArrayList<>();
        for (byte[] r : topics.get(topic).get(queueId)) {
            out.add(new MessageRecordDecoder(false, 1 << 26).decode(ByteBuffer.wrap(r), 0));
        }
        return out;
    }

    public Long committedOffset(String group, String topic, int queueId) {
        return offsets.get(group + "@" + topic + "@" + queueId);
    }

    public List<Received> received(int code) {
        return received.stream().filter(r -> r.code == code).toList();
    }

    /** Sends a broker-to-client request to the first connection of {@code group} and waits for the answer. */
    public RemotingCommand callClient(String group, RemotingCommand request) throws Exception {
        Connection c = groups.getOrDefault(group, Map.of()).keySet().iterator().next();
        return c.invokeSync(request, 5_000);
    }

    /** Sends a oneway broker-to-client request to the first connection of {@code group}. */
    public void tellClient(String group, RemotingCommand request) throws Exception {
        groups.getOrDefault(group, Map.of()).keySet().iterator().next().invokeOneway(request, 5_000);
    }

    public List<String> members(String group) {
        return new ArrayList<>(new TreeSet<>(groups.getOrDefault(group, Map.of()).values()));
    }

    private RemotingCommand process(RequestContext ctx, RemotingCommand request) throws Exception {
        received.add(new Received(request.code(), request.isOneway(), new LinkedHashMap<>(request.extFields()), request.body()));
        return switch (request.code()) {
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE -> delayed(ctx, send(request));
            case RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE -> pull(ctx, request, true);
            case RequestCode.HEART_BEAT -> heartbeat(ctx, request);
            case RequestCode.UNREGISTER_CLIENT -> unregister(ctx, request);
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> request.newResponse(ResponseCode.SUCCESS)
                .body(GetConsumerListByGroupResponseBody.CODEC.encode(new GetConsumerListByGroupResponseBody(
                    members(request.extField("consumerGroup"))))).build();
            case RequestCode.QUERY_CONSUMER_OFFSET -> queryOffset(request);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> {
                offsets.put(request.extField("consumerGroup") + "@" + request.extField("topic") + "@"
                    + request.extField("queueId"), Long.parseLong(request.extField("commitOffset")));
                yield request.response(ResponseCode.SUCCESS, null);
            }
            case RequestCode.GET_MAX_OFFSET -> offsetResponse(request, queue(request.extField("topic"),
                Integer.parseInt(request.extField("queueId"))).size());
            case RequestCode.GET_MIN_OFFSET, RequestCode.SEARCH_OFFSET_BY_TIMESTAMP -> offsetResponse(request, 0);
            case RequestCode.CONSUMER_SEND_MSG_BACK -> sendBack(request);
            case RequestCode.LOCK_BATCH_MQ -> lock(request);
            case RequestCode.UNLOCK_BATCH_MQ -> unlock(request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "fake broker: not supported");
        };
    }

    private RemotingCommand delayed(RequestContext ctx, RemotingCommand response) {
        long delay = sendDelayMillis;
        if (delay <= 0) {
            return response;
        }
        timer.schedule(() -> ctx.respond(response), delay, TimeUnit.MILLISECONDS);
        return null;
    }

    private List<byte[]> queue(String topic, int queueId) {
        List<List<byte[]>> qs = topics.computeIfAbsent(topic, t -> List.of(new CopyOnWriteArrayList<>()));
        return queueId < qs.size() ? qs.get(queueId) : List.of();
    }

    private synchronized RemotingCommand send(RemotingCommand request) {
        SendMessageRequestHeader h = SendMessageV2HeaderCodec.INSTANCE.decode(request.extFields()).orElseThrow();
        List<List<byte[]>> qs = topics.get(h.topic());
        if (qs == null && topics.containsKey(h.defaultTopic())) {
            createTopic(h.topic(), Math.min(h.defaultTopicQueueNums(), topics.get(h.defaultTopic()).size()));
            qs = topics.get(h.topic());
        }
        if (qs == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "topic[" + h.topic() + "] not exist, apply first please!");
        }
        int queueId = h.queueId() < 0 ? 0 : h.queueId();
        List<byte[]> q = qs.get(queueId);
        long firstOffset = q.size();
        List<String> ids = new ArrayList<>();
        if (Boolean.TRUE.equals(h.batch())) {
            for (BatchBodyCodec.Entry e : BatchBodyCodec.decode(ByteBuffer.wrap(request.body()))) {
                ids.add(store(h.topic(), queueId, e.body(), e.flag(), e.properties(), h.sysFlag(), h.bornTimestamp(), 0));
            }
        } else {
            ids.add(store(h.topic(), queueId, request.body(), h.flag(), h.properties(), h.sysFlag(), h.bornTimestamp(),
                h.reconsumeTimes() == null ? 0 : h.reconsumeTimes()));
        }
        wakeWaiters();
        return request.newResponse(ResponseCode.SUCCESS).extFields(SendMessageResponseHeaderCodec.INSTANCE.encode(
            new SendMessageResponseHeader(String.join(",", ids), queueId, firstOffset, null, null, "DefaultRegion", true)))
            .build();
    }

    private synchronized String store(String topic, int queueId, byte[] body, int flag, String properties, int sysFlag,
                                      long born, int reconsumeTimes) {
        List<byte[]> q = queue(topic, queueId);
        MessageDraft draft = MessageDraft.builder().topic(topic).queueId(queueId).body(body).flag(flag)
            .properties(properties).sysFlag(sysFlag).bornTimestamp(born).bornHost(Host.parse("127.0.0.1:1"))
            .storeHost(storeHost).reconsumeTimes(reconsumeTimes).build();
        ByteBuffer buf = ByteBuffer.allocate(draft.recordSize());
        long offset = physical;
        MessageRecordLayout.encode(buf, 0, draft, q.size(), offset, System.currentTimeMillis());
        physical += draft.recordSize();
        q.add(buf.array());
        byPhysicalOffset.put(offset, buf.array());
        return OffsetMessageId.encode(storeHost, offset);
    }

    private RemotingCommand pull(RequestContext ctx, RemotingCommand request, boolean firstTime) {
        PullMessageRequestHeader h = PullMessageRequestHeaderCodec.INSTANCE.decode(request.extFields()).orElseThrow();
        if (firstTime && (h.sysFlag() & 0x1) != 0) {
            offsets.put(h.consumerGroup() + "@" + h.topic() + "@" + h.queueId(), h.commitOffset());
        }
        List<byte[]> q = queue(h.topic(), h.queueId());
        long max = q.size();
        if (h.queueOffset() > max) {
            return pullResponse(request, ResponseCode.PULL_OFFSET_MOVED, max, max, null);
        }
        SubscriptionData sub = subscriptions.getOrDefault(h.consumerGroup(), Map.of()).get(h.topic());
        if (h.subscription() != null) {
            sub = SubscriptionData.of(h.topic(), h.expressionType(), h.subscription(), h.subVersion());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        long next = h.queueOffset();
        int found = 0;
        for (long i = h.queueOffset(); i < max && found < h.maxMsgNums(); i++) {
            byte[] record = q.get((int) i);
            next = i + 1;
            if (matches(sub, record)) {
                body.writeBytes(record);
                found++;
            }
        }
        if (found > 0) {
            return pullResponse(request, ResponseCode.SUCCESS, next, max, body.toByteArray());
        }
        if (next > h.queueOffset()) {
            return pullResponse(request, ResponseCode.PULL_RETRY_IMMEDIATELY, next, max, null);
        }
        if (!firstTime || (h.sysFlag() & 0x2) == 0) {
            return pullResponse(request, ResponseCode.PULL_NOT_FOUND, h.queueOffset(), max, null);
        }
        long deadline = System.currentTimeMillis() + Math.min(h.suspendTimeoutMillis(), MAX_HOLD_MILLIS);
        Runnable[] self = new Runnable[1];
        self[0] = () -> {
            if (ctx.isAnswered()) {
                waiters.remove(self[0]);
            } else if (q.size() > h.queueOffset() || System.currentTimeMillis() >= deadline) {
                waiters.remove(self[0]);
                ctx.respond(pull(ctx, request, false));
            }
        };
        waiters.add(self[0]);
        return null;
    }

    private void wakeWaiters() {
        timer.execute(() -> waiters.forEach(Runnable::run));
    }

    private static boolean matches(SubscriptionData sub, byte[] record) {
        if (sub == null || sub.codeSet().isEmpty()) {
            return true;
        }
        DecodedMessage m = new MessageRecordDecoder(false, 1 << 26).decode(ByteBuffer.wrap(record), 0);
        return sub.codeSet().contains((int) TagCode.of(m.tags()));
    }

    private static RemotingCommand pullResponse(RemotingCommand request, int code, long next, long max, byte[] body) {
        return request.newResponse(code).extField("suggestWhichBrokerId", "0").extField("nextBeginOffset", Long.toString(next))
            .extField("minOffset", "0").extField("maxOffset", Long.toString(max)).body(body).build();
    }

    private RemotingCommand heartbeat(RequestContext ctx, RemotingCommand request) {
        HeartbeatData data = HeartbeatData.CODEC.decode(request.body());
        for (ConsumerData c : data.consumerDataSet()) {
            Map<String, SubscriptionData> subs = new HashMap<>();
            c.subscriptionDataSet().forEach(s -> subs.put(s.topic(), s));
            subscriptions.put(c.groupName(), subs);
            String old = groups.computeIfAbsent(c.groupName(), g -> new ConcurrentHashMap<>()).put(ctx.connection(),
                data.clientID());
            if (old == null) {
                notifyGroup(c.groupName());
            }
            for (SubscriptionData s : c.subscriptionDataSet()) {
                topics.computeIfAbsent(s.topic(), t -> List.of(new CopyOnWriteArrayList<>()));
                if (s.topic().startsWith("%RETRY%")) {
                    namesrv.register(s.topic(), name, address(), 1, 6);
                }
            }
        }
        return request.newResponse(ResponseCode.SUCCESS).build();
    }

    private RemotingCommand unregister(RequestContext ctx, RemotingCommand request) {
        String group = request.extField("consumerGroup");
        if (group != null && groups.containsKey(group) && groups.get(group).remove(ctx.connection()) != null) {
            notifyGroup(group);
        }
        return request.response(ResponseCode.SUCCESS, null);
    }

    private void notifyGroup(String group) {
        for (Connection c : groups.getOrDefault(group, Map.of()).keySet()) {
            try {
                c.invokeOneway(RemotingCommand.request(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED,
                    Map.of("consumerGroup", group), null), 1_000);
            } catch (Exception e) {
                // the member is gone; its close event follows
            }
        }
    }

    private RemotingCommand queryOffset(RemotingCommand request) {
        Long offset = offsets.get(request.extField("consumerGroup") + "@" + request.extField("topic") + "@"
            + request.extField("queueId"));
        if (offset == null) {
            return request.response(ResponseCode.QUERY_NOT_FOUND, "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first");
        }
        return offsetResponse(request, offset);
    }

    private static RemotingCommand offsetResponse(RemotingCommand request, long offset) {
        return request.newResponse(ResponseCode.SUCCESS).extField("offset", Long.toString(offset)).build();
    }

    /** When set, CONSUMER_SEND_MSG_BACK answers SYSTEM_ERROR (the client then re-sends a copy itself). */
    public volatile boolean failSendBack;

    private RemotingCommand sendBack(RemotingCommand request) {
        if (failSendBack) {
            return request.response(ResponseCode.SYSTEM_ERROR, "fake broker: send-back switched off");
        }
        ConsumerSendMsgBackRequestHeader h = RecordHeaderCodec.of(ConsumerSendMsgBackRequestHeader.class)
            .decode(request.extFields()).orElseThrow();
        byte[] record = byPhysicalOffset.get(h.offset());
        if (record == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "look message by offset failed, " + h.offset());
        }
        DecodedMessage m = new MessageRecordDecoder(false, 1 << 26).decode(ByteBuffer.wrap(record), 0);
        Map<String, String> props = new LinkedHashMap<>(m.properties());
        props.putIfAbsent(PropertyNames.RETRY_TOPIC, m.topic());
        props.putIfAbsent(PropertyNames.ORIGIN_MESSAGE_ID, h.originMsgId());
        String retry = "%RETRY%" + h.group();
        topics.computeIfAbsent(retry, t -> List.of(new CopyOnWriteArrayList<>()));
        store(retry, 0, m.body(), m.flag(), PropertiesCodec.encode(props), m.sysFlag(), m.bornTimestamp(),
            m.reconsumeTimes() + 1);
        wakeWaiters();
        return request.response(ResponseCode.SUCCESS, null);
    }

    /** Queue locks: group + queue → client id (no expiry; tests release them with UNLOCK_BATCH_MQ). */
    private final Map<String, String> locks = new ConcurrentHashMap<>();

    /** The client holding {@code queue}'s lock in {@code group}, or null. */
    public String lockHolder(String group, dev.petrel.protocol.body.MessageQueue queue) {
        return locks.get(group + "@" + queue);
    }

    private synchronized RemotingCommand lock(RemotingCommand request) {
        var body = dev.petrel.protocol.body.client.LockBatchRequestBody.CODEC.decode(request.body());
        java.util.Set<dev.petrel.protocol.body.MessageQueue> won = new java.util.LinkedHashSet<>();
        for (var mq : body.mqSet()) {
            String holder = locks.putIfAbsent(body.consumerGroup() + "@" + mq, body.clientId());
            if (holder == null || holder.equals(body.clientId())) {
                won.add(mq);
            }
        }
        return request.newResponse(ResponseCode.SUCCESS).body(dev.petrel.protocol.body.client.LockBatchResponseBody.CODEC
            .encode(new dev.petrel.protocol.body.client.LockBatchResponseBody(won))).build();
    }

    private synchronized RemotingCommand unlock(RemotingCommand request) {
        var body = dev.petrel.protocol.body.client.UnlockBatchRequestBody.CODEC.decode(request.body());
        for (var mq : body.mqSet()) {
            locks.remove(body.consumerGroup() + "@" + mq, body.clientId());
        }
        return request.response(ResponseCode.SUCCESS, null);
    }

    @Override
    public void close() {
        timer.shutdownNow();
        server.close();
    }
}
