package dev.petrel.broker.processor;

import dev.petrel.broker.client.ConsumerGroupState;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetResponseHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38), QUERY_CONSUMER_OFFSET (14) and UPDATE_CONSUMER_OFFSET (15) (Apache's
 * {@code ConsumerManageProcessor}, request-codes.md §4.5–4.6). Runs on the consumer-management threads.
 */
public final class ConsumerManageProcessor implements RequestProcessor {

    private static final RecordHeaderCodec<GetConsumerListByGroupRequestHeader> LIST =
        RecordHeaderCodec.of(GetConsumerListByGroupRequestHeader.class);
    private static final RecordHeaderCodec<QueryConsumerOffsetRequestHeader> QUERY =
        RecordHeaderCodec.of(QueryConsumerOffsetRequestHeader.class);
    private static final RecordHeaderCodec<QueryConsumerOffsetResponseHeader> QUERY_RESPONSE =
        RecordHeaderCodec.of(QueryConsumerOffsetResponseHeader.class);
    private static final RecordHeaderCodec<UpdateConsumerOffsetRequestHeader> UPDATE =
        RecordHeaderCodec.of(UpdateConsumerOffsetRequestHeader.class);

    private final ConsumerRegistry consumers;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final TopicConfigTable topics;
    private final MessageStore store;
    private final BooleanSupplier serverSideReset;
    private final long residentBytes;

    /**
     * @param serverSideReset reads {@code useServerSideResetOffset} (dynamic)
     * @param residentBytes   how much of the CommitLog's tail counts as "in memory": Apache's
     *                        {@code accessMessageInMemoryMaxRatio} (40 %) of the machine's physical memory
     */
    public ConsumerManageProcessor(ConsumerRegistry consumers, ConsumerOffsetTable offsets, SubscriptionGroupTable groups,
                                   TopicConfigTable topics, MessageStore store, BooleanSupplier serverSideReset,
                                   long residentBytes) {
        this.consumers = consumers;
        this.offsets = offsets;
        this.groups = groups;
        this.topics = topics;
        this.store = store;
        this.serverSideReset = serverSideReset;
        this.residentBytes = residentBytes;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> consumerList(request);
            case RequestCode.QUERY_CONSUMER_OFFSET -> queryOffset(request);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> updateOffset(request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a consumer-management request");
        };
    }

    private RemotingCommand consumerList(RemotingCommand request) {
        Decoded<GetConsumerListByGroupRequestHeader> d = LIST.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String group = d.value().consumerGroup();
        ConsumerGroupState state = consumers.group(group);
        List<String> ids = state == null ? List.of() : state.clientIds();
        if (ids.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "no consumer for this group, " + group);
        }
        return Replies.okJson(request, GetConsumerListByGroupResponseBody.CODEC, new GetConsumerListByGroupResponseBody(ids));
    }

    private RemotingCommand queryOffset(RemotingCommand request) {
        Decoded<QueryConsumerOffsetRequestHeader> d = QUERY.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        QueryConsumerOffsetRequestHeader h = d.value();
        long offset = offsets.query(h.consumerGroup(), h.topic(), h.queueId());
        if (offset >= 0) {
            return Replies.ok(request, QUERY_RESPONSE, new QueryConsumerOffsetResponseHeader(offset));
        }
        if (Boolean.FALSE.equals(h.setZeroIfNotFound())) {
            return request.response(ResponseCode.QUERY_NOT_FOUND, "Not found, do not set to zero, maybe this group boot first");
        }
        // Apache answers 0 when the queue's first message is still "in memory" (within the last 40 % of physical
        // memory of the CommitLog), so a new group on a young topic starts at the beginning.
        if (store.minOffsetInQueue(h.topic(), h.queueId()) <= 0 && firstMessageInMemory(h.topic(), h.queueId())) {
            return Replies.ok(request, QUERY_RESPONSE, new QueryConsumerOffsetResponseHeader(0L));
        }
        return request.response(ResponseCode.QUERY_NOT_FOUND, "Not found, V3_0_6_SNAPSHOT maybe this group consumer boot first");
    }

    private RemotingCommand updateOffset(RemotingCommand request) {
        Decoded<UpdateConsumerOffsetRequestHeader> d = UPDATE.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        UpdateConsumerOffsetRequestHeader h = d.value();
        if (!groups.contains(h.consumerGroup())) {
            return request.response(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group " + h.consumerGroup() + " not exist!");
        }
        if (!topics.contains(h.topic())) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "Topic " + h.topic() + " not exist!");
        }
        if (!serverSideReset.getAsBoolean()) {
            offsets.commit(h.consumerGroup(), h.topic(), h.queueId(), h.commitOffset());
        } else if (!offsets.commitUnlessReset(h.consumerGroup(), h.topic(), h.queueId(), h.commitOffset())) {
            return request.response(ResponseCode.SUCCESS, "Offset has been previously reset");
        }
        return Replies.ok(request);
    }

    private boolean firstMessageInMemory(String topic, int queueId) {
        if (store.maxOffsetInQueue(topic, queueId) <= 0) {
            return false;
        }
        long physical = store.commitLogOffsetInQueue(topic, queueId, 0);
        return physical >= 0 && store.commitLogMaxOffset() - physical < residentBytes;
    }

    /** Apache's in-memory window: {@code accessMessageInMemoryMaxRatio} = 40 % of physical memory. */
    public static long defaultResidentBytes() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long total = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize()
            : Runtime.getRuntime().maxMemory();
        return total / 100 * 40;
    }
}
