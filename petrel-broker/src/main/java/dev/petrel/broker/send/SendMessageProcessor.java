package dev.petrel.broker.send;

import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.retry.RetryRules;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.stats.MessageType;
import dev.petrel.common.time.Clock;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.message.UniqueIdGenerator;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.function.Predicate;

/**
 * SEND_MESSAGE (10, V1 header), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320): checks the request
 * ({@link SendChecks}, body and properties limits), builds the message(s) with the properties the broker adds, runs
 * the {@link PutStage}s, hands the result to the store and answers when the store has (under SYNC_FLUSH, once the
 * record is on disk). Whether a request is a batch follows the header's {@code batch} flag, as in Apache.
 *
 * <p>Runs on the send threads; the answer is written from the thread that completes the store's future (the send
 * thread itself under ASYNC_FLUSH, the group-commit thread under SYNC_FLUSH), which only queues the frame.
 */
public final class SendMessageProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(SendMessageProcessor.class);
    /** Apache's {@code DLQ_NUMS_PER_GROUP}. */
    static final int DLQ_QUEUES = 1;

    /** What the processor reads from the (partly dynamic) broker configuration on each send. */
    public interface Settings {
        String regionId();

        boolean traceOn();

        int brokerPermission();

        long startAcceptSendRequestTimeStamp();

        boolean fastFailureEnabled();

        long waitTimeMillsInSendQueue();
    }

    private final Clock clock;
    private final Settings settings;
    private final SendChecks checks;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final List<PutStage> stages;
    private final MessageStore store;
    private final BrokerStats stats;
    private final UniqueIdGenerator ids;
    private final Host storeHost;
    private final String clusterName;
    private final int maxMessageSize;
    private final IntSupplier queuedSends;
    private final Predicate<String> holdsQueueLocks;
    /** The last wait of a send for its thread, for GET_BROKER_RUNTIME_INFO (written by send threads). */

    /**
     * @param queuedSends     sends waiting for a thread right now (named in the SYSTEM_BUSY remark)
     * @param holdsQueueLocks whether a consumer group holds an unexpired orderly queue lock (its re-sent failures go
     *                        to the dead-letter topic)
     */
    public SendMessageProcessor(Clock clock, Settings settings, SendChecks checks, TopicConfigTable topics,
                                SubscriptionGroupTable groups, List<PutStage> stages, MessageStore store,
                                BrokerStats stats, UniqueIdGenerator ids, Host storeHost, String clusterName,
                                int maxMessageSize, IntSupplier queuedSends, Predicate<String> holdsQueueLocks) {
        this.clock = clock;
        this.settings = settings;
        this.checks = checks;
        this.topics = topics;
        this.groups = groups;
        this.stages = List.copyOf(stages);
        this.store = store;
        this.stats = stats;
        this.ids = ids;
        this.storeHost = storeHost;
        this.clusterName = clusterName;
        this.maxMessageSize = maxMessageSize;
        this.queuedSends = queuedSends;
        this.holdsQueueLocks = holdsQueueLocks;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<SendMessageRequestHeader> decoded = SendChecks.decodeHeader(request);
        if (!decoded.isOk()) {
            return error(request, decoded.responseCode(), decoded.errorMessage());
        }
        SendMessageRequestHeader h = decoded.value();
        Refusal refusal = admission(ctx);
        if (refusal == null) {
            refusal = checks.startGate(clock.millis(), settings.startAcceptSendRequestTimeStamp());
        }
        if (refusal != null) {
            return error(request, refusal.code(), refusal.remark());
        }
        SendChecks.Checked checked = checks.check(h, settings.brokerPermission(), ctx.remoteAddress());
        if (checked.refusal() != null) {
            return error(request, checked.refusal().code(), checked.refusal().remark());
        }
        byte[] body = request.body();
        if (body == null || body.length == 0) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "message body is empty; RocketMQ stores no empty messages");
        }
        if (body.length > maxMessageSize) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "message body is " + body.length + " bytes; this broker "
                + "accepts at most maxMessageSize=" + maxMessageSize + " bytes per " + (Boolean.TRUE.equals(h.batch())
                ? "batch" : "message"));
        }
        Host bornHost;
        try {
            bornHost = Host.parse(ctx.remoteAddress());
        } catch (IllegalArgumentException e) {
            return error(request, ResponseCode.SYSTEM_ERROR, "cannot read the producer's address " + ctx.remoteAddress());
        }
        if (Boolean.TRUE.equals(h.batch())) {
            return sendBatch(ctx, request, h, checked.topic(), body, bornHost);
        }
        return sendOne(ctx, request, h, checked.topic(), body, bornHost);
    }

    /** Broker fast failure: a send that waited too long for a thread is refused rather than served late. */
    private Refusal admission(RequestContext ctx) {
        if (!settings.fastFailureEnabled()) {
            return null;
        }
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(clock.nanos() - ctx.receivedNanos());
        long limit = settings.waitTimeMillsInSendQueue();
        if (waitedMillis <= limit) {
            return null;
        }
        return new Refusal(ResponseCode.SYSTEM_BUSY, "[TIMEOUT_CLEAN_QUEUE]broker busy, start flow control for a while, "
            + "period in queue: " + waitedMillis + "ms, size of queue: " + queuedSends.getAsInt() + "; the send waited "
            + "longer than waitTimeMillsInSendQueue=" + limit + " ms for a send thread: the disk or the "
            + "sendMessageThreadPoolNums threads cannot keep up; raise waitTimeMillsInSendQueue or add brokers");
    }

    private RemotingCommand sendOne(RequestContext ctx, RemotingCommand request, SendMessageRequestHeader h,
                                    TopicConfig topic, byte[] body, Host bornHost) {
        int queueId = h.queueId() < 0 ? ThreadLocalRandom.current().nextInt(Math.max(1, topic.writeQueueNums()))
            : h.queueId();
        String properties = BrokerAddedProperties.apply(h.properties(), settings.regionId(), settings.traceOn(),
            clusterName, ids::next);
        int sysFlag = h.sysFlag();
        if (topic.topicFilterType() == TopicFilterType.MULTI_TAG) {
            sysFlag |= SysFlag.MULTI_TAGS;
        }
        PendingMessage m = new PendingMessage(h.topic(), queueId, properties, sysFlag, false);
        Refusal refusal = retryOrDeadLetter(h, m, request.version());
        if (refusal == null) {
            refusal = runStages(m);
        }
        if (refusal == null && m.properties().getBytes(StandardCharsets.UTF_8).length > PropertiesCodec.MAX_ENCODED_LENGTH) {
            refusal = new Refusal(ResponseCode.MESSAGE_ILLEGAL, "message properties are "
                + m.properties().getBytes(StandardCharsets.UTF_8).length + " bytes once encoded; the limit is "
                + PropertiesCodec.MAX_ENCODED_LENGTH + " (32 KiB - 1): use fewer or shorter keys and user properties");
        }
        if (refusal != null) {
            return error(request, refusal.code(), refusal.remark());
        }
        MessageDraft draft = MessageDraft.builder().topic(m.topic()).queueId(m.queueId()).body(body).flag(h.flag())
            .properties(m.properties()).bornTimestamp(h.bornTimestamp()).bornHost(bornHost).storeHost(storeHost)
            .sysFlag(m.sysFlag()).reconsumeTimes(h.reconsumeTimes() == null ? 0 : h.reconsumeTimes()).build();
        String uniqueId = PropertiesCodec.find(m.properties(), PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        // As Apache: the answer names the queue the producer sent to, even when a stage parked the message elsewhere
        // (a delay level) or the retry rule moved it to the dead-letter topic; the queue offset is where it was stored.
        answerWhenStored(ctx, request, store.putMessage(draft), queueId, uniqueId, h.topic(),
            MessageType.of(h.sysFlag(), h.properties()));
        return null;
    }

    /**
     * A send to {@code %RETRY%<group>}: the group must exist; past its max reconsume times, or while the group holds
     * orderly queue locks, the message goes to the group's dead-letter topic instead (Apache's {@code
     * handleRetryAndDLQ}; the rules are {@link RetryRules#retrySendGoesToDeadLetter}).
     */
    private Refusal retryOrDeadLetter(SendMessageRequestHeader h, PendingMessage m, int requestVersion) {
        if (!SystemTopics.isRetryTopic(m.topic())) {
            return null;
        }
        String group = SystemTopics.groupOf(m.topic());
        SubscriptionGroupConfig config = groups.find(group);
        if (config == null) {
            return new Refusal(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group not exist, " + group
                + "; create it with 'mqadmin updateSubGroup -g " + group + "' or set autoCreateSubscriptionGroup=true");
        }
        int max = RetryRules.maxReconsumeTimes(h.maxReconsumeTimes(), requestVersion, config.retryMaxTimes());
        int times = h.reconsumeTimes() == null ? 0 : h.reconsumeTimes();
        boolean locked = holdsQueueLocks.test(group);
        if (RetryRules.retrySendGoesToDeadLetter(times, max, locked)) {
            String dlq = SystemTopics.dlqTopic(group);
            topics.ensure(dlq, DLQ_QUEUES, Perm.READ_WRITE, false, 0);
            m.topic(dlq);
            m.queueId(ThreadLocalRandom.current().nextInt(DLQ_QUEUES));
            java.util.Map<String, String> props = PropertiesCodec.decode(m.properties());
            props.put(PropertyNames.DELAY_TIME_LEVEL, "-1");
            m.properties(PropertiesCodec.encode(props));
            LOG.info("message of group {} reconsumed {} times (max {}{}); storing it in {}", group, times, max,
                locked ? ", the group consumes orderly" : "", dlq);
        }
        return null;
    }

    private Refusal runStages(PendingMessage m) {
        for (PutStage stage : stages) {
            Refusal r = stage.apply(m);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private RemotingCommand sendBatch(RequestContext ctx, RemotingCommand request, SendMessageRequestHeader h,
                                      TopicConfig topic, byte[] body, Host bornHost) {
        if (SystemTopics.isRetryTopic(h.topic())) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "batch request does not support retry group " + h.topic());
        }
        if (SysFlag.transactionType(h.sysFlag()) != SysFlag.TRANSACTION_NOT_TYPE) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "a batch may not hold transactional messages");
        }
        String delay = PropertiesCodec.find(h.properties(), PropertyNames.DELAY_TIME_LEVEL);
        if (delay != null && !delay.equals("0") && !delay.startsWith("-")) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "a batch may not have a delay level (DELAY=" + delay + ")");
        }
        List<BatchBodyCodec.Entry> entries;
        try {
            entries = BatchBodyCodec.decode(ByteBuffer.wrap(body));
        } catch (MessageFormatException e) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "malformed batch body: " + e.getMessage());
        }
        if (entries.isEmpty()) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "the batch holds no message");
        }
        int queueId = h.queueId() < 0 ? ThreadLocalRandom.current().nextInt(Math.max(1, topic.writeQueueNums()))
            : h.queueId();
        int sysFlag = h.sysFlag();
        if (topic.topicFilterType() == TopicFilterType.MULTI_TAG) {
            sysFlag |= SysFlag.MULTI_TAGS;
        }
        PendingMessage envelope = new PendingMessage(h.topic(), queueId, h.properties(), sysFlag, true);
        Refusal refusal = runStages(envelope);
        if (refusal != null) {
            return error(request, refusal.code(), refusal.remark());
        }
        int answeredQueue = envelope.queueId();
        List<PendingMessage> inner = new ArrayList<>(entries.size());
        for (BatchBodyCodec.Entry e : entries) {
            inner.add(new PendingMessage(envelope.topic(), envelope.queueId(), e.properties(), envelope.sysFlag(), false));
        }
        for (PutStage stage : stages) {
            refusal = stage.applyToBatch(envelope, inner);
            if (refusal != null) {
                return error(request, refusal.code(), refusal.remark());
            }
        }
        int reconsumeTimes = h.reconsumeTimes() == null ? 0 : h.reconsumeTimes();
        List<MessageDraft> drafts = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            BatchBodyCodec.Entry e = entries.get(i);
            if (e.body().length == 0) {
                return error(request, ResponseCode.MESSAGE_ILLEGAL, "message " + drafts.size() + " of the batch has an "
                    + "empty body");
            }
            String innerDelay = PropertiesCodec.find(e.properties(), PropertyNames.DELAY_TIME_LEVEL);
            if (innerDelay != null && !innerDelay.equals("0") && !innerDelay.startsWith("-")) {
                // Apache would store it undelayed; delivering a delayed message at once is worse than refusing it.
                return error(request, ResponseCode.MESSAGE_ILLEGAL, "message " + drafts.size() + " of the batch has a "
                    + "delay level (DELAY=" + innerDelay + "); delayed messages cannot be batched, send them one by one");
            }
            drafts.add(MessageDraft.builder().topic(envelope.topic()).queueId(envelope.queueId()).body(e.body())
                .flag(e.flag()).properties(inner.get(i).properties()).bornTimestamp(h.bornTimestamp()).bornHost(bornHost)
                .storeHost(storeHost).sysFlag(envelope.sysFlag()).reconsumeTimes(reconsumeTimes).build());
        }
        String uniqueId = PropertiesCodec.find(h.properties(), PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        answerWhenStored(ctx, request, store.putMessages(drafts), answeredQueue, uniqueId, h.topic(),
            MessageType.of(h.sysFlag(), h.properties()));
        return null;
    }

    /**
     * @param topic the topic the producer named (the metrics' label, as in RocketMQ, even when a stage parked the
     *              message elsewhere)
     */
    private void answerWhenStored(RequestContext ctx, RemotingCommand request, CompletableFuture<PutResult> put,
                                  int queueId, String uniqueId, String topic, MessageType type) {
        put.whenComplete((result, failure) -> {
            if (failure != null) {
                LOG.error("store put failed for {}", ctx, failure);
                ctx.respond(error(request, ResponseCode.SYSTEM_ERROR, "store put failed: " + failure));
                return;
            }
            ctx.respond(toResponse(request, result, queueId, uniqueId, topic, type));
            stats.latencies().record(request.code(), ctx.receivedNanos(), clock.nanos());
        });
    }

    RemotingCommand toResponse(RemotingCommand request, PutResult result, int queueId, String uniqueId, String topic,
                               MessageType type) {
        int code = PutStatusCodes.code(result.status());
        if (!result.status().isStored()) {
            return error(request, code, PutStatusCodes.remark(result, maxMessageSize));
        }
        stats.recordPut(topic, type, result.messageCount(), result.recordSize());
        SendMessageResponseHeader header = new SendMessageResponseHeader(result.msgId(), queueId, result.queueOffset(),
            uniqueId, null, settings.regionId(), settings.traceOn());
        return request.newResponse(code).remark(PutStatusCodes.remark(result, maxMessageSize))
            .extFields(SendMessageResponseHeaderCodec.INSTANCE.encode(header)).build();
    }

    /** Apache puts MSG_REGION and TRACE_ON on every send response, failures included. */
    private RemotingCommand error(RemotingCommand request, int code, String remark) {
        return request.newResponse(code).remark(remark)
            .extField(SendMessageResponseHeaderCodec.MSG_REGION, settings.regionId())
            .extField(SendMessageResponseHeaderCodec.TRACE_ON, Boolean.toString(settings.traceOn()))
            .build();
    }
}
