package dev.petrel.broker.admin;

import dev.petrel.broker.client.ClientSession;
import dev.petrel.broker.client.ConsumerGroupState;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.client.SubscriptionConflicts;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.processor.Replies;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.Connection;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.GroupList;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.client.ProducerInfo;
import dev.petrel.protocol.body.client.ProducerTableInfo;
import dev.petrel.protocol.body.client.QuerySubscriptionResponseBody;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.ConsumeStatsList;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader;
import dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.QuerySubscriptionByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicsByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.BoundaryType;
import dev.petrel.store.MessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What admins ask about consumers and producers (request-codes.md §5): connections (203, 204, 328), consume progress
 * (208, 317, 43), who consumes what (300, 343, 345), offset resets (222, server side) and a member's running info
 * (307, forwarded to the client). Runs on the admin threads.
 */
public final class ConsumerAdminProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerAdminProcessor.class);
    static final long CLIENT_CALL_TIMEOUT_MILLIS = 10_000;

    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final ConsumerOffsetTable offsets;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final MessageStore store;
    private final String brokerName;
    private final String brokerAddr;
    private final java.util.function.BiConsumer<String, String> offsetsReset;
    private final BrokerStats stats;
    private final Clock clock;

    /**
     * @param offsetsReset told (group, topic) after a reset, so held pulls of the group learn it at once instead of
     *                     after their suspend timeout
     * @param stats        the per-group pull counters behind {@code consumeTps}
     */
    public ConsumerAdminProcessor(ConsumerRegistry consumers, ProducerRegistry producers, ConsumerOffsetTable offsets,
                                  TopicConfigTable topics, SubscriptionGroupTable groups, MessageStore store,
                                  String brokerName, String brokerAddr,
                                  java.util.function.BiConsumer<String, String> offsetsReset, BrokerStats stats,
                                  Clock clock) {
        this.stats = stats;
        this.clock = clock;
        this.consumers = consumers;
        this.producers = producers;
        this.offsets = offsets;
        this.topics = topics;
        this.groups = groups;
        this.store = store;
        this.brokerName = brokerName;
        this.brokerAddr = brokerAddr;
        this.offsetsReset = offsetsReset;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.GET_CONSUMER_CONNECTION_LIST -> consumerConnections(request);
            case RequestCode.GET_PRODUCER_CONNECTION_LIST -> producerConnections(request);
            case RequestCode.GET_ALL_PRODUCER_INFO -> allProducers(request);
            case RequestCode.GET_CONSUME_STATS -> consumeStats(request);
            case RequestCode.GET_BROKER_CONSUME_STATS -> brokerConsumeStats(request);
            case RequestCode.GET_ALL_CONSUMER_OFFSET -> allOffsets(request);
            case RequestCode.QUERY_TOPIC_CONSUME_BY_WHO -> consumedBy(request);
            case RequestCode.QUERY_TOPICS_BY_CONSUMER -> topicsOf(request);
            case RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER -> subscriptionOf(request);
            case RequestCode.INVOKE_BROKER_TO_RESET_OFFSET -> resetOffset(ctx, request);
            case RequestCode.GET_CONSUMER_RUNNING_INFO -> runningInfo(ctx, request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a consumer admin request");
        };
    }

    private static <T extends Record> Decoded<T> header(RemotingCommand request, Class<T> type) {
        return RecordHeaderCodec.of(type).decode(request.extFields());
    }

    private static Connection connection(ClientSession s) {
        return new Connection(s.connection().remoteAddress(), s.clientId(), s.language().name(), s.version());
    }

    private RemotingCommand consumerConnections(RemotingCommand request) {
        Decoded<GetConsumerConnectionListRequestHeader> d = header(request, GetConsumerConnectionListRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String group = d.value().consumerGroup();
        ConsumerGroupState state = consumers.group(group);
        if (state == null) {
            return request.response(ResponseCode.CONSUMER_NOT_ONLINE, "the consumer group[" + group + "] not online");
        }
        Set<Connection> connections = new LinkedHashSet<>();
        state.sessions().forEach(s -> connections.add(connection(s)));
        ConsumerConnection body = new ConsumerConnection(connections, state.consumeFromWhere(), state.consumeType(),
            state.messageModel(), state.subscriptions());
        List<SubscriptionConflicts.Conflict> conflicts = consumers.conflicts(group);
        String remark = conflicts.isEmpty() ? null
            : conflicts.stream().map(SubscriptionConflicts.Conflict::describe).collect(Collectors.joining(" | "));
        return request.newResponse(ResponseCode.SUCCESS).remark(remark).body(ConsumerConnection.CODEC.encode(body)).build();
    }

    private RemotingCommand producerConnections(RemotingCommand request) {
        Decoded<GetProducerConnectionListRequestHeader> d = header(request, GetProducerConnectionListRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        List<ClientSession> members = producers.members(d.value().producerGroup());
        if (members.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "the producer group[" + d.value().producerGroup()
                + "] not exist");
        }
        Set<Connection> connections = new LinkedHashSet<>();
        members.forEach(s -> connections.add(connection(s)));
        return Replies.okJson(request, ProducerConnection.CODEC, new ProducerConnection(connections));
    }

    private RemotingCommand allProducers(RemotingCommand request) {
        Map<String, List<ProducerInfo>> data = new TreeMap<>();
        producers.all().forEach((group, members) -> data.put(group, members.stream().map(s -> new ProducerInfo(
            s.clientId(), s.language().name(), s.lastHeartbeatMillis(), s.connection().remoteAddress(), s.version()))
            .toList()));
        return Replies.okJson(request, ProducerTableInfo.CODEC, new ProducerTableInfo(data));
    }

    /** Progress of one group on one topic's queues (0..queueCount-1), Apache's {@code OffsetWrapper} rules. */
    private ConsumeStats progress(String group, String topic, int queueCount, boolean withPullOffset) {
        Map<MessageQueue, OffsetWrapper> table = new LinkedHashMap<>();
        for (int q = 0; q < queueCount; q++) {
            long brokerOffset = Math.max(0, store.maxOffsetInQueue(topic, q));
            long consumerOffset = Math.max(0, offsets.query(group, topic, q));
            long pullOffset = withPullOffset ? Math.max(consumerOffset, offsets.queryPulled(group, topic, q)) : 0;
            long last = 0;
            if (consumerOffset > 0) {
                last = Math.max(0, store.messageStoreTimestamp(topic, q, consumerOffset - 1));
            }
            table.put(new MessageQueue(topic, brokerName, q), new OffsetWrapper(brokerOffset, consumerOffset, last, pullOffset));
        }
        return new ConsumeStats(stats.groupGetTps(group, topic, clock.millis()), table);
    }

    /** Topics whose progress to report for a group: skips topics the online group does not subscribe (Apache). */
    private List<String> reportedTopics(String group, Set<String> candidates) {
        ConsumerGroupState state = consumers.group(group);
        Map<String, ?> subs = state == null ? Map.of() : state.subscriptions();
        List<String> out = new ArrayList<>();
        for (String topic : candidates) {
            if (topics.get(topic) == null) {
                continue;
            }
            if (!subs.isEmpty() && !subs.containsKey(topic)) {
                continue;
            }
            out.add(topic);
        }
        return out;
    }

    private RemotingCommand consumeStats(RemotingCommand request) {
        Decoded<GetConsumeStatsRequestHeader> d = header(request, GetConsumeStatsRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String group = d.value().consumerGroup();
        String topic = d.value().topic();
        Set<String> candidates = topic == null || topic.isBlank() ? offsets.topicsOf(group) : Set.of(topic);
        Map<MessageQueue, OffsetWrapper> table = new LinkedHashMap<>();
        double tps = 0;
        for (String t : reportedTopics(group, candidates)) {
            ConsumeStats one = progress(group, t, topics.get(t).readQueueNums(), true);
            table.putAll(one.offsetTable());
            tps += one.consumeTps();
        }
        return Replies.okJson(request, ConsumeStats.CODEC, new ConsumeStats(tps, table));
    }

    private RemotingCommand brokerConsumeStats(RemotingCommand request) {
        Decoded<GetConsumeStatsInBrokerHeader> d = header(request, GetConsumeStatsInBrokerHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        boolean orderOnly = d.value().isOrder();
        List<Map<String, List<ConsumeStats>>> list = new ArrayList<>();
        long totalDiff = 0;
        long totalInflight = 0;
        for (String group : groups.all().keySet()) {
            List<ConsumeStats> perTopic = new ArrayList<>();
            for (String topic : reportedTopics(group, offsets.topicsOf(group))) {
                TopicConfig t = topics.get(topic);
                if (orderOnly && !t.order()) {
                    continue;
                }
                ConsumeStats stats = progress(group, topic, t.writeQueueNums(), false);
                for (OffsetWrapper w : stats.offsetTable().values()) {
                    totalDiff += w.brokerOffset() - w.consumerOffset();
                    totalInflight += Math.max(0, w.pullOffset() - w.consumerOffset());
                }
                perTopic.add(stats);
            }
            list.add(Map.of(group, perTopic));
        }
        return Replies.okJson(request, ConsumeStatsList.CODEC, new ConsumeStatsList(brokerAddr, list, totalDiff, totalInflight));
    }

    private RemotingCommand allOffsets(RemotingCommand request) {
        Map<String, Map<Integer, Long>> all = offsets.all();
        if (all.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "No consumer offset in this broker");
        }
        return Replies.okJson(request, ConsumerOffsetSerializeWrapper.CODEC,
            new ConsumerOffsetSerializeWrapper(offsets.dataVersion(), all));
    }

    private RemotingCommand consumedBy(RemotingCommand request) {
        Decoded<QueryTopicConsumeByWhoRequestHeader> d = header(request, QueryTopicConsumeByWhoRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        Set<String> result = new TreeSet<>(consumers.groupsSubscribing(d.value().topic()));
        result.addAll(offsets.groupsOf(d.value().topic()));
        return Replies.okJson(request, GroupList.CODEC, new GroupList(result));
    }

    private RemotingCommand topicsOf(RemotingCommand request) {
        Decoded<QueryTopicsByConsumerRequestHeader> d = header(request, QueryTopicsByConsumerRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        return Replies.okJson(request, TopicList.CODEC, new TopicList(brokerAddr, offsets.topicsOf(d.value().group())));
    }

    private RemotingCommand subscriptionOf(RemotingCommand request) {
        Decoded<QuerySubscriptionByConsumerRequestHeader> d = header(request, QuerySubscriptionByConsumerRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        ConsumerGroupState state = consumers.group(d.value().group());
        return Replies.okJson(request, QuerySubscriptionResponseBody.CODEC, new QuerySubscriptionResponseBody(
            d.value().group(), state == null || d.value().topic() == null ? null : state.subscription(d.value().topic()),
            d.value().topic()));
    }

    /**
     * Server-side reset (5.x, {@code useServerSideResetOffset}): each queue's target offset (the given offset, or the
     * first message stored at or after the timestamp; -1 means the end) becomes the committed offset and is handed to
     * the group's consumers on their next pull as PULL_OFFSET_MOVED.
     */
    private RemotingCommand resetOffset(RequestContext ctx, RemotingCommand request) {
        Decoded<ResetOffsetRequestHeader> d = header(request, ResetOffsetRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        ResetOffsetRequestHeader h = d.value();
        TopicConfig t = topics.get(h.topic());
        if (t == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "Topic " + h.topic() + " does not exist");
        }
        if (!groups.contains(h.group())) {
            return request.response(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group " + h.group() + " does not exist");
        }
        Map<Integer, Long> targets = new TreeMap<>();
        if (h.queueId() >= 0) {
            Long offset = h.offset();
            if (offset != null && offset != -1) {
                long min = store.minOffsetInQueue(h.topic(), h.queueId());
                long max = store.maxOffsetInQueue(h.topic(), h.queueId());
                if (offset < min || offset > max + 1) {
                    return request.response(ResponseCode.SYSTEM_ERROR, String.format(
                        "Target offset %d not in consume queue range [%d-%d]", offset, min, max));
                }
            } else {
                offset = offsetAt(h.topic(), h.queueId(), h.timestamp());
            }
            targets.put(h.queueId(), offset);
        } else {
            for (int q = 0; q < t.readQueueNums(); q++) {
                targets.put(q, offsetAt(h.topic(), q, h.timestamp()));
            }
        }
        if (targets.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "No queues to reset.");
        }
        Map<MessageQueue, Long> body = new LinkedHashMap<>();
        targets.forEach((q, offset) -> {
            offsets.assignReset(h.group(), h.topic(), q, offset);
            body.put(new MessageQueue(h.topic(), brokerName, q), offset);
        });
        LOG.info("reset offsets of group {} on topic {} to {} for {}", h.group(), h.topic(), targets, ctx.remoteAddress());
        offsetsReset.accept(h.group(), h.topic());
        return Replies.okJson(request, ResetOffsetBody.CODEC, new ResetOffsetBody(body));
    }

    private long offsetAt(String topic, int queueId, long timestamp) {
        return timestamp < 0 ? store.maxOffsetInQueue(topic, queueId)
            : store.offsetInQueueByTime(topic, queueId, timestamp, BoundaryType.LOWER);
    }

    /** Forwards to the member's own connection and relays its answer unchanged. */
    private RemotingCommand runningInfo(RequestContext ctx, RemotingCommand request) {
        Decoded<GetConsumerRunningInfoRequestHeader> d = header(request, GetConsumerRunningInfoRequestHeader.class);
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        ConsumerGroupState state = consumers.group(d.value().consumerGroup());
        ClientSession member = state == null ? null : state.sessions().stream()
            .filter(s -> s.clientId().equals(d.value().clientId())).findFirst().orElse(null);
        if (member == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The Consumer <" + d.value().consumerGroup() + "> <"
                + d.value().clientId() + "> not online");
        }
        RemotingCommand forward = RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO, request.extFields(), null);
        member.connection().invokeAsync(forward, CLIENT_CALL_TIMEOUT_MILLIS).whenComplete((r, e) -> {
            if (e != null) {
                ctx.respond(request.response(ResponseCode.CONSUME_MSG_TIMEOUT, "consumer " + d.value().clientId()
                    + " did not answer GET_CONSUMER_RUNNING_INFO: " + e.getMessage()));
            } else {
                ctx.respond(request.newResponse(r.code()).remark(r.remark()).extFields(r.hasExtFields() ? r.extFields() : null)
                    .body(r.body()).build());
            }
        });
        return null;
    }
}
