package dev.petrel.broker.pull;

import dev.petrel.broker.client.ConsumerGroupState;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.filter.ConsumerFilter;
import dev.petrel.broker.filter.ConsumerFilterTable;
import dev.petrel.broker.filter.EvaluationErrors;
import dev.petrel.broker.filter.PullFilter;
import dev.petrel.broker.longpoll.HeldPull;
import dev.petrel.broker.longpoll.PullHoldTable;
import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.time.Clock;
import dev.petrel.message.filter.FilterCache;
import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.TagFilter;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.PullMessageResponseHeader;
import dev.petrel.protocol.header.client.PullMessageResponseHeaderCodec;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.remoting.ZeroCopyBody;
import dev.petrel.store.GetResult;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361), with long polling: checks the request in Apache's order
 * (request-codes.md §4.2), reads from the store with the subscription's filter, maps the store status to the
 * response code (flows.md §8), stores the piggy-backed commit offset, and answers with the stored records written
 * straight from the mapped CommitLog ({@link ZeroCopyBody}).
 *
 * <p>SQL92 (with {@code enablePropertyFilter}): a pull carrying its own subscription is filtered with it, compiled
 * here; otherwise with the group's filter registered by heartbeat in the {@link ConsumerFilterTable}
 * (FILTER_DATA_NOT_EXIST / FILTER_DATA_NOT_LATEST when missing or older than the pull's {@code subVersion}). Messages
 * that do not match are skipped and the pull's {@code nextBeginOffset} moves past them (PULL_RETRY_IMMEDIATELY when
 * none matched); see {@link PullFilter}.
 *
 * <p>A pull that finds nothing new, has the SUSPEND flag and is on its first run is held in the {@link PullHoldTable}
 * for its {@code suspendTimeoutMillis} (or {@code shortPollingTimeMills} with long polling off). The table resumes it
 * when a matching message is dispatched or the deadline passes; the pull then runs again without suspension on the
 * wake-up executor and is answered with whatever it finds (possibly PULL_NOT_FOUND).
 *
 * <p>Threads: first runs on the pull (or lite-pull) threads; resumed runs on the wake-up executor.
 */
public final class PullMessageProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(PullMessageProcessor.class);

    static final int FORBIDDEN_BROKER = 1;
    static final int FORBIDDEN_GROUP = 2;
    static final int FORBIDDEN_TOPIC = 3;
    static final int FORBIDDEN_BROADCASTING = 4;

    /** What the processor reads from the (partly dynamic) broker configuration on each pull. */
    public interface Settings {
        int brokerPermission();

        boolean litePullEnabled();

        boolean longPollingEnabled();

        long shortPollingTimeMills();

        boolean propertyFilterEnabled();

        boolean filterSupportRetry();

        boolean serverSideResetOffset();
    }

    /** A held pull: its request and parsed header. */
    public record Held(RequestContext context, PullMessageRequestHeader header) {
    }

    private final Clock clock;
    private final Settings settings;
    private final String brokerIp;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerRegistry consumers;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final BrokerStats stats;
    private final FilterCache filters;
    private final ConsumerFilterTable consumerFilters;
    private final EvaluationErrors evaluationErrors;
    private final PullHoldTable<Held> holds;
    private final Executor wakeups;
    private final ReadSuggestion suggestion;

    public PullMessageProcessor(Clock clock, Settings settings, String brokerIp, TopicConfigTable topics,
                                SubscriptionGroupTable groups, ConsumerRegistry consumers, ConsumerOffsetTable offsets,
                                MessageStore store, BrokerStats stats, FilterCache filters,
                                ConsumerFilterTable consumerFilters, EvaluationErrors evaluationErrors, Executor wakeups) {
        this(clock, settings, brokerIp, topics, groups, consumers, offsets, store, stats, filters, consumerFilters,
            evaluationErrors, wakeups, ReadSuggestion.masterOnly());
    }

    /** @param suggestion the response's {@code suggestWhichBrokerId} */
    public PullMessageProcessor(Clock clock, Settings settings, String brokerIp, TopicConfigTable topics,
                                SubscriptionGroupTable groups, ConsumerRegistry consumers, ConsumerOffsetTable offsets,
                                MessageStore store, BrokerStats stats, FilterCache filters,
                                ConsumerFilterTable consumerFilters, EvaluationErrors evaluationErrors, Executor wakeups,
                                ReadSuggestion suggestion) {
        this.suggestion = suggestion;
        this.clock = clock;
        this.settings = settings;
        this.brokerIp = brokerIp;
        this.topics = topics;
        this.groups = groups;
        this.consumers = consumers;
        this.offsets = offsets;
        this.store = store;
        this.stats = stats;
        this.filters = filters;
        this.consumerFilters = consumerFilters;
        this.evaluationErrors = evaluationErrors;
        this.wakeups = wakeups;
        this.holds = new PullHoldTable<>(store::maxOffsetInQueue, this::resume);
    }

    /** The hold table; the wiring registers it as the store's dispatch listener and gives it a timeout loop. */
    public PullHoldTable<Held> holds() {
        return holds;
    }

    /** The SQL92 filters registered by heartbeats, which pulls without their own subscription filter with. */
    public ConsumerFilterTable consumerFilters() {
        return consumerFilters;
    }

    /** SQL92 evaluations that failed (each a skipped message). */
    public EvaluationErrors evaluationErrors() {
        return evaluationErrors;
    }

    /** Forgets the pulls held for a connection that closed: nobody is left to answer. */
    public void connectionClosed(dev.petrel.remoting.Connection connection) {
        if (holds.size() > 0) {
            holds.dropWhere(held -> held.context().connection() == connection);
        }
    }

    /** Answers the held pulls of {@code group} on {@code topic} now (their offsets were reset). */
    public void wakeGroup(String group, String topic) {
        holds.wakeWhere(topic, held -> held.header().consumerGroup().equals(group));
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<PullMessageRequestHeader> decoded = PullMessageRequestHeaderCodec.INSTANCE.decode(request.extFields());
        if (!decoded.isOk()) {
            return request.response(decoded.responseCode(), decoded.errorMessage());
        }
        return run(ctx, request, decoded.value(), true);
    }

    private void resume(HeldPull<Held> pull, Held held, boolean timedOut) {
        wakeups.execute(() -> {
            RemotingCommand response;
            try {
                response = run(held.context(), held.context().request(), held.header(), false);
            } catch (RuntimeException e) {
                LOG.error("resumed pull {} failed", held.context(), e);
                response = held.context().request().response(ResponseCode.SYSTEM_ERROR, "pull failed: " + e);
            }
            if (response != null) {
                held.context().respond(response);
            }
        });
    }

    /**
     * One run of a pull. Returns the response, or null when the pull was held or answered with a zero-copy body.
     *
     * @param firstRun true for the request as it arrived; false when resumed (no commit, no suspension)
     */
    RemotingCommand run(RequestContext ctx, RemotingCommand request, PullMessageRequestHeader h, boolean firstRun) {
        if (!Perm.isReadable(settings.brokerPermission())) {
            return forbidden(request, FORBIDDEN_BROKER, String.format("the broker[%s] pulling message is forbidden", brokerIp));
        }
        if (request.code() == RequestCode.LITE_PULL_MESSAGE && !settings.litePullEnabled()) {
            return forbidden(request, FORBIDDEN_BROKER, "the broker[" + brokerIp + "] for lite pull consumer is forbidden"
                + " (litePullMessageEnable=false)");
        }
        SubscriptionGroupConfig group = groups.find(h.consumerGroup());
        if (group == null) {
            return request.response(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, String.format("subscription group [%s] does "
                + "not exist; create it with 'mqadmin updateSubGroup -g %s' or set autoCreateSubscriptionGroup=true",
                h.consumerGroup(), h.consumerGroup()));
        }
        if (!group.consumeEnable()) {
            return forbidden(request, FORBIDDEN_GROUP, "subscription group no permission, " + h.consumerGroup());
        }
        TopicConfig topic = topics.get(h.topic());
        if (topic == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, String.format("topic[%s] not exist, apply first please!",
                h.topic()));
        }
        if (!Perm.isReadable(topic.perm())) {
            return forbidden(request, FORBIDDEN_TOPIC, "the topic[" + h.topic() + "] pulling message is forbidden");
        }
        if (h.queueId() < 0 || h.queueId() >= topic.readQueueNums()) {
            return request.response(ResponseCode.SYSTEM_ERROR, String.format("queueId[%d] is illegal, topic:[%s] "
                + "topicConfig.readQueueNums:[%d] consumer:[%s]", h.queueId(), h.topic(), topic.readQueueNums(),
                ctx.remoteAddress()));
        }
        SubscriptionLookup lookup = subscription(request, h, group);
        if (lookup.refusal() != null) {
            return lookup.refusal();
        }
        SubscriptionData subscription = lookup.subscription();
        boolean tag = FilterCompiler.isTagType(subscription.expressionType());
        if (!tag && !settings.propertyFilterEnabled()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The broker does not support consumer to filter message by "
                + subscription.expressionType());
        }
        PullFilter filter;
        if (tag) {
            filter = PullFilter.tags(TagFilter.fromSubscription(subscription.subString(), subscription.tagsSet(),
                subscription.codeSet()));
        } else if (settings.filterSupportRetry() && SystemTopics.isRetryTopic(h.topic())) {
            filter = PullFilter.retry(h.consumerGroup(), h.topic(), consumerFilters, evaluationErrors);
        } else {
            MessageFilter sql = lookup.filter();
            if (sql == null) {
                // The pull's own expression. Apache would filter with nothing when it does not compile (everything
                // matches); Petrel refuses it with the compiler's explanation.
                FilterCompilation compiled = filters.compile(subscription.expressionType(), subscription.subString());
                if (!compiled.isValid()) {
                    return request.response(ResponseCode.SUBSCRIPTION_PARSE_FAILED, compiled.error().orElseThrow().message());
                }
                sql = compiled.filter();
            }
            filter = PullFilter.sql(sql, h.consumerGroup(), h.topic(), evaluationErrors);
        }
        return read(ctx, request, h, topic, group, filter, firstRun);
    }

    /**
     * The subscription to filter a pull with and, for SQL92, its compiled filter; or the answer refusing the pull.
     */
    private record SubscriptionLookup(SubscriptionData subscription, MessageFilter filter, RemotingCommand refusal) {
        static SubscriptionLookup found(SubscriptionData s, MessageFilter f) {
            return new SubscriptionLookup(s, f, null);
        }

        static SubscriptionLookup refused(RemotingCommand r) {
            return new SubscriptionLookup(null, null, r);
        }
    }

    /**
     * The subscription to filter with: the request's own (its SQL92 expression is compiled later, after the
     * {@code enablePropertyFilter} check, as Apache orders them), or the one the group registered by heartbeat with
     * its filter from the consumer filter table.
     */
    private SubscriptionLookup subscription(RemotingCommand request, PullMessageRequestHeader h,
                                            SubscriptionGroupConfig group) {
        if (PullSysFlag.has(h.sysFlag(), PullSysFlag.SUBSCRIPTION)) {
            return SubscriptionLookup.found(SubscriptionData.of(h.topic(), h.expressionType(), h.subscription(),
                h.subVersion()), null);
        }
        ConsumerGroupState state = consumers.group(h.consumerGroup());
        if (state == null) {
            return SubscriptionLookup.refused(request.response(ResponseCode.SUBSCRIPTION_NOT_EXIST, "the consumer's group "
                + "info not exist: group " + h.consumerGroup() + " has sent no heartbeat to this broker yet"));
        }
        if (!group.consumeBroadcastEnable() && state.isBroadcasting()) {
            return SubscriptionLookup.refused(forbidden(request, FORBIDDEN_BROADCASTING, "the consumer group["
                + h.consumerGroup() + "] can not consume by broadcast way"));
        }
        SubscriptionData s = state.subscription(h.topic());
        if (s == null) {
            return SubscriptionLookup.refused(request.response(ResponseCode.SUBSCRIPTION_NOT_EXIST, "the consumer's "
                + "subscription not exist: no member of group " + h.consumerGroup() + " subscribes topic " + h.topic()));
        }
        if (s.subVersion() < h.subVersion()) {
            return SubscriptionLookup.refused(request.response(ResponseCode.SUBSCRIPTION_NOT_LATEST,
                "the consumer's subscription not latest"));
        }
        if (FilterCompiler.isTagType(s.expressionType())) {
            return SubscriptionLookup.found(s, null);
        }
        ConsumerFilter registered = consumerFilters.get(h.topic(), h.consumerGroup());
        if (registered == null) {
            return SubscriptionLookup.refused(request.response(ResponseCode.FILTER_DATA_NOT_EXIST,
                "The broker's consumer filter data is not exist!Your expression may be wrong!"));
        }
        if (registered.clientVersion() < h.subVersion()) {
            return SubscriptionLookup.refused(request.response(ResponseCode.FILTER_DATA_NOT_LATEST,
                "the consumer's consumer filter data not latest"));
        }
        return SubscriptionLookup.found(s, registered.filter());
    }

    private RemotingCommand read(RequestContext ctx, RemotingCommand request, PullMessageRequestHeader h,
                                 TopicConfig topic, SubscriptionGroupConfig group, PullFilter filter,
                                 boolean firstRun) {
        Long reset = settings.serverSideResetOffset() ? offsets.takeReset(h.consumerGroup(), h.topic(), h.queueId()) : null;
        GetResult result;
        int code;
        String remark;
        if (reset != null) {
            result = GetResult.of(null, reset, store.minOffsetInQueue(h.topic(), h.queueId()),
                store.maxOffsetInQueue(h.topic(), h.queueId()));
            code = ResponseCode.PULL_OFFSET_MOVED;
            remark = PullStatusCodes.OFFSET_RESET;
            LOG.info("queue {}:{} of group {} was reset to {}", h.topic(), h.queueId(), h.consumerGroup(), reset);
        } else {
            int maxBytes = h.maxMsgBytes() == null || h.maxMsgBytes() <= 0 ? Integer.MAX_VALUE : h.maxMsgBytes();
            result = store.getMessage(h.topic(), h.queueId(), h.queueOffset(), Math.max(1, h.maxMsgNums()), maxBytes, filter);
            code = PullStatusCodes.code(result.status(), h.queueOffset());
            remark = result.status().name();
        }
        offsets.commitPulled(h.consumerGroup(), h.topic(), h.queueId(), result.nextBeginOffset());
        // The commit offset a pull carries predates any reset this pull hands out (or one assigned meanwhile): the
        // reset wins, or a consumer that stops before its next commit would resume from before the reset.
        if (firstRun && PullSysFlag.has(h.sysFlag(), PullSysFlag.COMMIT_OFFSET) && reset == null) {
            offsets.commitUnlessReset(h.consumerGroup(), h.topic(), h.queueId(), h.commitOffset());
        }
        long lastReturned = result.records().isEmpty() ? -1
            : result.records().get(result.records().size() - 1).physicalOffset();
        long suggest = suggestion.suggest(group, store.commitLogMaxOffset(), lastReturned);
        PullMessageResponseHeader header = new PullMessageResponseHeader(suggest, result.nextBeginOffset(), result.minOffset(),
            result.maxOffset(), null, topic.topicSysFlag(), group.groupSysFlag(), null);
        RemotingCommand response = request.newResponse(code).remark(remark)
            .extFields(PullMessageResponseHeaderCodec.INSTANCE.encode(header)).build();
        if (code == ResponseCode.SUCCESS) {
            List<ByteBuffer> buffers = new ArrayList<>(result.records().size());
            long bytes = 0;
            for (StoredRecord r : result.records()) {
                buffers.add(r.buffer());
                bytes += r.buffer().remaining();
            }
            stats.recordGet(h.consumerGroup(), h.topic(), result.messageCount(), bytes);
            ctx.respond(response, ZeroCopyBody.of(buffers, result::release));
            stats.latencies().record(request.code(), ctx.receivedNanos(), clock.nanos());
            return null;
        }
        result.release();
        if (code == ResponseCode.PULL_NOT_FOUND && firstRun && PullSysFlag.has(h.sysFlag(), PullSysFlag.SUSPEND)) {
            long holdMillis = settings.longPollingEnabled() ? h.suspendTimeoutMillis() : settings.shortPollingTimeMills();
            if (holdMillis > 0) {
                long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(holdMillis);
                holds.hold(new HeldPull<>(h.topic(), h.queueId(), h.queueOffset(), deadline, filter, new Held(ctx, h)));
                return null;
            }
        }
        if (code == ResponseCode.PULL_OFFSET_MOVED) {
            LOG.info("pull offset moved: group {} topic {} queue {} asked {} -> {} ({})", h.consumerGroup(), h.topic(),
                h.queueId(), h.queueOffset(), result.nextBeginOffset(), remark);
        }
        return response;
    }

    private static RemotingCommand forbidden(RemotingCommand request, int type, String remark) {
        return request.newResponse(ResponseCode.NO_PERMISSION).remark(remark)
            .extField("forbiddenType", Integer.toString(type)).build();
    }
}
