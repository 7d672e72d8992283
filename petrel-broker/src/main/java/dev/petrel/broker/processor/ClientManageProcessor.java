package dev.petrel.broker.processor;

import dev.petrel.broker.client.ClientSession;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.filter.ConsumerFilterTable;
import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.common.time.Clock;
import dev.petrel.message.filter.FilterCache;
import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.UnregisterClientRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * HEART_BEAT (34), UNREGISTER_CLIENT (35) and CHECK_CLIENT_CONFIG (46) (Apache's {@code ClientManageProcessor}):
 * registers producers and consumers with their connection, creates each consumer group's {@code %RETRY%} topic,
 * registers the SQL92 filters of consumer subscriptions in the {@link ConsumerFilterTable} (whether or not
 * {@code enablePropertyFilter} is on, as Apache does), and checks SQL92 subscriptions before a consumer starts.
 *
 * <p>Runs on the heartbeat and client-management threads.
 */
public final class ClientManageProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(ClientManageProcessor.class);
    static final String IS_SUPPORT_HEART_BEAT_V2 = "IS_SUPPORT_HEART_BEAT_V2";
    static final String IS_SUB_CHANGE = "IS_SUB_CHANGE";
    private static final RecordHeaderCodec<UnregisterClientRequestHeader> UNREGISTER =
        RecordHeaderCodec.of(UnregisterClientRequestHeader.class);

    private final Clock clock;
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final SubscriptionGroupTable groups;
    private final TopicConfigTable topics;
    private final FilterCache filters;
    private final ConsumerFilterTable consumerFilters;
    private final BooleanSupplier propertyFilterEnabled;
    /** Last heartbeat fingerprint per consumer group (heartbeat V2). */
    private final Map<String, Integer> fingerprints = new ConcurrentHashMap<>();

    public ClientManageProcessor(Clock clock, ConsumerRegistry consumers, ProducerRegistry producers,
                                 SubscriptionGroupTable groups, TopicConfigTable topics, FilterCache filters,
                                 ConsumerFilterTable consumerFilters, BooleanSupplier propertyFilterEnabled) {
        this.clock = clock;
        this.consumers = consumers;
        this.producers = producers;
        this.groups = groups;
        this.topics = topics;
        this.filters = filters;
        this.consumerFilters = consumerFilters;
        this.propertyFilterEnabled = propertyFilterEnabled;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.HEART_BEAT -> heartbeat(ctx, request);
            case RequestCode.UNREGISTER_CLIENT -> unregister(ctx, request);
            case RequestCode.CHECK_CLIENT_CONFIG -> checkClientConfig(request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a client-management request");
        };
    }

    private RemotingCommand heartbeat(RequestContext ctx, RemotingCommand request) {
        HeartbeatData data = HeartbeatData.CODEC.decode(request.body());
        if (data.clientID() == null || data.clientID().isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "heartbeat without clientID");
        }
        ClientSession session = new ClientSession(ctx.connection(), data.clientID(), ctx.language(), ctx.version(),
            clock.millis());
        boolean v2 = data.heartbeatFingerprint() != 0;
        boolean subChanged = false;
        for (ConsumerData consumer : data.consumerDataSet()) {
            if (consumer.groupName() == null) {
                continue;
            }
            if (v2) {
                Integer previous = fingerprints.put(consumer.groupName(), data.heartbeatFingerprint());
                subChanged |= previous != null && previous != data.heartbeatFingerprint();
            } else {
                fingerprints.put(consumer.groupName(), 0);
            }
            SubscriptionGroupConfig group = groups.find(consumer.groupName());
            if (group == null) {
                // Apache skips groups that do not exist and cannot be created, silently; so does Petrel (logged there).
                continue;
            }
            boolean orderSub = false;
            for (SubscriptionData s : consumer.subscriptionDataSet()) {
                orderSub |= topics.isOrderTopic(s.topic());
            }
            int topicSysFlag = consumer.unitMode() ? 2 : 0;
            topics.ensure(SystemTopics.retryTopic(consumer.groupName()), group.retryQueueNums(), Perm.READ_WRITE, orderSub,
                topicSysFlag);
            boolean withSubscriptions = !(v2 && data.withoutSub());
            consumers.register(consumer.groupName(), session, consumer.consumeType(), consumer.messageModel(),
                consumer.consumeFromWhere(), withSubscriptions ? consumer.subscriptionDataSet() : null,
                group.notifyConsumerIdsChangedEnable());
            if (withSubscriptions) {
                consumerFilters.register(consumer.groupName(), consumer.subscriptionDataSet(), session.lastHeartbeatMillis());
            }
        }
        for (ProducerData producer : data.producerDataSet()) {
            if (producer.groupName() != null) {
                producers.register(producer.groupName(), session);
            }
        }
        return request.newResponse(ResponseCode.SUCCESS)
            .extField(IS_SUPPORT_HEART_BEAT_V2, "true")
            .extField(IS_SUB_CHANGE, Boolean.toString(!v2 || subChanged))
            .build();
    }

    private RemotingCommand unregister(RequestContext ctx, RemotingCommand request) {
        Decoded<UnregisterClientRequestHeader> decoded = UNREGISTER.decode(request.extFields());
        if (!decoded.isOk()) {
            return Replies.badHeader(request, decoded);
        }
        UnregisterClientRequestHeader h = decoded.value();
        if (h.producerGroup() != null) {
            producers.unregister(h.producerGroup(), ctx.connection());
        }
        if (h.consumerGroup() != null) {
            SubscriptionGroupConfig group = groups.get(h.consumerGroup());
            consumers.unregister(h.consumerGroup(), ctx.connection(), group == null || group.notifyConsumerIdsChangedEnable());
            if (consumers.group(h.consumerGroup()) == null) {
                consumerFilters.unregister(h.consumerGroup(), clock.millis());
            }
        }
        return Replies.ok(request);
    }

    private RemotingCommand checkClientConfig(RemotingCommand request) {
        // Apache answers SUCCESS when there is nothing to check (no body, or no subscription in it).
        if (request.body() == null || request.body().length == 0) {
            return Replies.ok(request);
        }
        CheckClientRequestBody body = CheckClientRequestBody.CODEC.decode(request.body());
        SubscriptionData s = body.subscriptionData();
        if (s == null || FilterCompiler.isTagType(s.expressionType())) {
            return Replies.ok(request);
        }
        if (!propertyFilterEnabled.getAsBoolean()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The broker does not support consumer to filter message by "
                + s.expressionType());
        }
        FilterCompilation compiled = filters.compile(s.expressionType(), s.subString());
        if (!compiled.isValid()) {
            String reason = compiled.error().orElseThrow().message();
            LOG.warn("Client {}@{} subscribes to {} with an expression that does not compile: {}", body.clientId(),
                body.group(), s.topic(), reason);
            return request.response(ResponseCode.SUBSCRIPTION_PARSE_FAILED, reason);
        }
        return Replies.ok(request);
    }
}
