package dev.petrel.broker.admin;

import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.processor.Replies;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import dev.petrel.protocol.body.topic.CreateTopicListRequestBody;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.DeleteTopicRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
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

/**
 * Topic administration (request-codes.md §5): UPDATE_AND_CREATE_TOPIC (17), UPDATE_AND_CREATE_TOPIC_LIST (18),
 * DELETE_TOPIC_IN_BROKER (215), GET_ALL_TOPIC_CONFIG (21), GET_TOPIC_CONFIG (351), GET_TOPIC_STATS_INFO (202) and
 * GET_SYSTEM_TOPIC_LIST_FROM_BROKER (305). Created and changed topics reach the NameServers through the topic table's
 * listener (incremental registration). Runs on the admin threads.
 */
public final class TopicAdminProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(TopicAdminProcessor.class);
    private static final RecordHeaderCodec<CreateTopicRequestHeader> CREATE = RecordHeaderCodec.of(CreateTopicRequestHeader.class);
    private static final RecordHeaderCodec<DeleteTopicRequestHeader> DELETE = RecordHeaderCodec.of(DeleteTopicRequestHeader.class);
    private static final RecordHeaderCodec<GetTopicConfigRequestHeader> GET = RecordHeaderCodec.of(GetTopicConfigRequestHeader.class);
    private static final RecordHeaderCodec<GetTopicStatsInfoRequestHeader> STATS =
        RecordHeaderCodec.of(GetTopicStatsInfoRequestHeader.class);

    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final String brokerName;
    private final DataVersion mappingVersion;

    public TopicAdminProcessor(TopicConfigTable topics, ConsumerOffsetTable offsets, MessageStore store, String brokerName,
                               DataVersion mappingVersion) {
        this.topics = topics;
        this.offsets = offsets;
        this.store = store;
        this.brokerName = brokerName;
        this.mappingVersion = mappingVersion;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.UPDATE_AND_CREATE_TOPIC -> create(ctx, request);
            case RequestCode.UPDATE_AND_CREATE_TOPIC_LIST -> createList(ctx, request);
            case RequestCode.DELETE_TOPIC_IN_BROKER -> delete(ctx, request);
            case RequestCode.GET_ALL_TOPIC_CONFIG -> all(request);
            case RequestCode.GET_TOPIC_CONFIG -> one(request);
            case RequestCode.GET_TOPIC_STATS_INFO -> stats(request);
            case RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_BROKER -> systemTopics(request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a topic admin request");
        };
    }

    private RemotingCommand create(RequestContext ctx, RemotingCommand request) {
        Decoded<CreateTopicRequestHeader> d = CREATE.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        CreateTopicRequestHeader h = d.value();
        TopicFilterType filterType;
        try {
            filterType = TopicFilterType.valueOf(h.topicFilterType());
        } catch (IllegalArgumentException e) {
            return request.response(ResponseCode.SYSTEM_ERROR, "topicFilterType must be SINGLE_TAG or MULTI_TAG, got "
                + h.topicFilterType());
        }
        TopicConfig existing = topics.get(h.topic());
        Map<String, String> attributes;
        try {
            attributes = TopicAttributes.apply(existing == null ? Map.of() : existing.attributes(), h.attributes());
        } catch (IllegalArgumentException e) {
            return request.response(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        TopicConfig config = new TopicConfig(h.topic(), h.readQueueNums(), h.writeQueueNums(), h.perm(), filterType,
            h.topicSysFlag() == null ? 0 : h.topicSysFlag(), h.order(), attributes);
        String refusal = check(config);
        if (refusal != null) {
            return request.response(ResponseCode.SYSTEM_ERROR, refusal);
        }
        if (config.equals(existing)) {
            return Replies.ok(request);
        }
        LOG.info("{} topic {} for {}", existing == null ? "creating" : "updating", config, ctx.remoteAddress());
        topics.put(config);
        return Replies.ok(request);
    }

    private RemotingCommand createList(RequestContext ctx, RemotingCommand request) {
        CreateTopicListRequestBody body = CreateTopicListRequestBody.CODEC.decode(request.body());
        List<TopicConfig> accepted = new ArrayList<>();
        for (TopicConfig c : body.topicConfigList()) {
            String refusal = check(c);
            if (refusal != null) {
                return request.response(ResponseCode.SYSTEM_ERROR, refusal);
            }
            accepted.add(c);
        }
        LOG.info("creating or updating {} topics for {}", accepted.size(), ctx.remoteAddress());
        topics.putAll(accepted);
        return Replies.ok(request);
    }

    /** Apache's checks (topic name, system topic), plus ranges Apache leaves to chance. */
    private String check(TopicConfig c) {
        String bad = NameValidator.validateTopic(c.topicName());
        if (bad != null) {
            return bad;
        }
        if (topics.systemTopics().isSystemTopic(c.topicName())) {
            return "The topic[" + c.topicName() + "] is conflict with system topic.";
        }
        if (!Perm.isValid(c.perm())) {
            return "perm must be between 0 and 7 (4 read, 2 write, 1 inherit), got " + c.perm();
        }
        if (c.readQueueNums() < 0 || c.writeQueueNums() < 0 || c.readQueueNums() > 65_535 || c.writeQueueNums() > 65_535) {
            return "readQueueNums and writeQueueNums must be between 0 and 65535, got " + c.readQueueNums() + " and "
                + c.writeQueueNums();
        }
        return null;
    }

    private RemotingCommand delete(RequestContext ctx, RemotingCommand request) {
        Decoded<DeleteTopicRequestHeader> d = DELETE.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String topic = d.value().topic();
        if (topic.isBlank()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The specified topic is blank.");
        }
        if (topics.systemTopics().isSystemTopic(topic)) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The topic[" + topic + "] is conflict with system topic.");
        }
        boolean existed = topics.remove(topic);
        offsets.removeTopic(topic);
        store.deleteTopics(Set.of(topic));
        LOG.info("deleted topic {} for {} ({})", topic, ctx.remoteAddress(), existed ? "existed" : "was not configured");
        return Replies.ok(request);
    }

    private RemotingCommand all(RemotingCommand request) {
        TopicConfigSerializeWrapper snapshot = topics.snapshot();
        if (snapshot.topicConfigTable().isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "No topic in this broker");
        }
        TopicConfigAndMappingSerializeWrapper body = new TopicConfigAndMappingSerializeWrapper(snapshot.dataVersion(),
            mappingVersion, snapshot.topicConfigTable(), Map.of(), Map.of());
        return Replies.okJson(request, TopicConfigAndMappingSerializeWrapper.CODEC, body);
    }

    private RemotingCommand one(RemotingCommand request) {
        Decoded<GetTopicConfigRequestHeader> d = GET.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        TopicConfig t = topics.get(d.value().topic());
        if (t == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "No topic in this broker. topic: " + d.value().topic());
        }
        return Replies.okJson(request, TopicConfigAndQueueMapping.CODEC, new TopicConfigAndQueueMapping(t.topicName(),
            t.readQueueNums(), t.writeQueueNums(), t.perm(), t.topicFilterType(), t.topicSysFlag(), t.order(),
            t.attributes(), null));
    }

    private RemotingCommand stats(RemotingCommand request) {
        Decoded<GetTopicStatsInfoRequestHeader> d = STATS.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        String topic = d.value().topic();
        TopicConfig t = topics.get(topic);
        if (t == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist");
        }
        Map<MessageQueue, TopicOffset> table = new LinkedHashMap<>();
        int queues = Math.max(t.readQueueNums(), t.writeQueueNums());
        for (int q = 0; q < queues; q++) {
            long min = Math.max(0, store.minOffsetInQueue(topic, q));
            long max = Math.max(0, store.maxOffsetInQueue(topic, q));
            long last = max > 0 ? Math.max(0, store.messageStoreTimestamp(topic, q, max - 1)) : 0;
            table.put(new MessageQueue(topic, brokerName, q), new TopicOffset(last, max, min));
        }
        return Replies.okJson(request, TopicStatsTable.CODEC, new TopicStatsTable(table));
    }

    private RemotingCommand systemTopics(RemotingCommand request) {
        Set<String> names = new LinkedHashSet<>();
        for (String name : new TreeMap<>(topics.all()).keySet()) {
            if (topics.systemTopics().isSystemTopic(name)) {
                names.add(name);
            }
        }
        return Replies.okJson(request, TopicList.CODEC, new TopicList(null, names));
    }
}
