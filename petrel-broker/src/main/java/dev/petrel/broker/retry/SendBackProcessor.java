package dev.petrel.broker.retry;

import dev.petrel.broker.stats.MessageType;
import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.processor.Replies;
import dev.petrel.broker.schedule.DelayLevelRewrite;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;

/**
 * CONSUMER_SEND_MSG_BACK (36): a consumer failed a message and hands it back (request-codes.md §4.8, flows.md §11). In
 * Apache's order: the group must exist (SUBSCRIPTION_GROUP_NOT_EXIST) and the broker be writable (NO_PERMISSION); a
 * group with {@code retryQueueNums <= 0} drops the message (SUCCESS); the group's retry topic is created when missing;
 * the message is read back by its commit-log offset. Then {@link RetryRules#sendBack} picks the retry topic with a
 * delay level (stored through {@code SCHEDULE_TOPIC_XXXX}, see {@link DelayLevelRewrite}) or the dead-letter topic
 * (created with one queue, perm 6). The new record keeps body (as stored), flag, sysFlag, born time and host and every
 * property, adds {@code RETRY_TOPIC} (first time), {@code ORIGIN_MESSAGE_ID} (first time: the failed record's offset
 * message id), {@code WAIT=false} and {@code DELAY}, and counts one more reconsume.
 *
 * <p>Runs on the send threads; answers when the store has stored the new record.
 */
public final class SendBackProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(SendBackProcessor.class);
    private static final RecordHeaderCodec<ConsumerSendMsgBackRequestHeader> HEADER =
        RecordHeaderCodec.of(ConsumerSendMsgBackRequestHeader.class);
    /** Apache's {@code DLQ_NUMS_PER_GROUP}. */
    static final int DLQ_QUEUES = 1;

    private final MessageStore store;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final DelayLevelRewrite delays;
    private final BrokerStats stats;
    private final IntSupplier brokerPermission;
    private final String brokerIp;
    private final Host storeHost;
    private final MessageRecordDecoder decoder = new MessageRecordDecoder(false, MessageRecordDecoder.DEFAULT_MAX_BODY_SIZE);

    /** @param brokerPermission reads {@code brokerPermission} (dynamic) */
    public SendBackProcessor(MessageStore store, TopicConfigTable topics, SubscriptionGroupTable groups,
                             DelayLevelRewrite delays, BrokerStats stats, IntSupplier brokerPermission, String brokerIp,
                             Host storeHost) {
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.delays = delays;
        this.stats = stats;
        this.brokerPermission = brokerPermission;
        this.brokerIp = brokerIp;
        this.storeHost = storeHost;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<ConsumerSendMsgBackRequestHeader> decoded = HEADER.decode(request.extFields());
        if (!decoded.isOk()) {
            return Replies.badHeader(request, decoded);
        }
        ConsumerSendMsgBackRequestHeader h = decoded.value();
        SubscriptionGroupConfig group = groups.find(h.group());
        if (group == null) {
            return request.response(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "subscription group not exist, " + h.group()
                + "; create it with 'mqadmin updateSubGroup -g " + h.group() + "' or set autoCreateSubscriptionGroup=true");
        }
        if (!Perm.isWriteable(brokerPermission.getAsInt())) {
            return request.response(ResponseCode.NO_PERMISSION, "the broker[" + brokerIp + "] sending message is forbidden"
                + " (brokerPermission=" + brokerPermission.getAsInt() + ")");
        }
        if (group.retryQueueNums() <= 0) {
            return Replies.ok(request); // the group wants no retries: the message is dropped, as in Apache
        }
        String retryTopic = SystemTopics.retryTopic(h.group());
        TopicConfig retry = topics.ensure(retryTopic, group.retryQueueNums(), Perm.READ_WRITE, false, h.unitMode() ? 2 : 0);
        if (!Perm.isWriteable(retry.perm())) {
            return request.response(ResponseCode.NO_PERMISSION, "the topic[" + retryTopic + "] sending message is "
                + "forbidden (perm " + retry.perm() + ")");
        }
        DecodedMessage failed = read(h.offset());
        if (failed == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "look message by offset failed, " + h.offset());
        }
        int max = RetryRules.maxReconsumeTimes(h.maxReconsumeTimes(), request.version(), group.retryMaxTimes());
        RetryRules.SendBack decision = RetryRules.sendBack(failed.reconsumeTimes(), h.delayLevel(), max);

        Map<String, String> props = new LinkedHashMap<>(failed.properties());
        props.putIfAbsent(PropertyNames.RETRY_TOPIC, failed.topic());
        props.put(PropertyNames.WAIT_STORE_MSG_OK, "false");
        String originId = props.get(PropertyNames.ORIGIN_MESSAGE_ID);
        if (originId == null || originId.isBlank()) {
            props.put(PropertyNames.ORIGIN_MESSAGE_ID, failed.msgId());
        }
        String topic;
        int queueId;
        if (decision.deadLetter()) {
            topic = SystemTopics.dlqTopic(h.group());
            topics.ensure(topic, DLQ_QUEUES, Perm.READ_WRITE, false, 0);
            queueId = ThreadLocalRandom.current().nextInt(DLQ_QUEUES);
            props.put(PropertyNames.DELAY_TIME_LEVEL, "0");
        } else {
            topic = retryTopic;
            queueId = ThreadLocalRandom.current().nextInt(group.retryQueueNums());
            props.put(PropertyNames.DELAY_TIME_LEVEL, Integer.toString(decision.delayLevel()));
        }
        String properties = PropertiesCodec.encode(props);
        String counted = topic; // the retry or dead-letter topic, not where a delay level parks it
        DelayLevelRewrite.Target parked = delays.rewrite(topic, queueId, properties, failed.sysFlag());
        if (parked != null && !parked.isIllegal()) {
            topic = parked.topic();
            queueId = parked.queueId();
            properties = parked.properties();
        }
        MessageDraft draft = MessageDraft.builder().topic(topic).queueId(queueId).body(failed.body()).flag(failed.flag())
            .properties(properties).bornTimestamp(failed.bornTimestamp()).bornHost(failed.bornHost())
            .storeHost(storeHost).sysFlag(failed.sysFlag()).reconsumeTimes(failed.reconsumeTimes() + 1).build();
        if (decision.deadLetter()) {
            LOG.info("group {}: message {} failed {} times (max {}{}); storing it in {}", h.group(),
                props.get(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX), failed.reconsumeTimes() + 1, max,
                h.delayLevel() < 0 ? ", the client asked for the dead-letter topic" : "", SystemTopics.dlqTopic(h.group()));
        }
        // rocketmq_send_to_dlq_messages_total counts by the topic the message was first sent to
        String deadLetterOf = decision.deadLetter() ? props.get(PropertyNames.RETRY_TOPIC) : null;
        String consumerGroup = h.group();
        store.putMessage(draft).whenComplete((result, error) -> ctx.respond(answer(request, counted, result, error,
            consumerGroup, deadLetterOf)));
        return null;
    }

    /** @param deadLetterOf the original topic of a message stored in the group's dead-letter topic, else null */
    private RemotingCommand answer(RemotingCommand request, String topic, PutResult result, Throwable error,
                                   String consumerGroup, String deadLetterOf) {
        if (error != null) {
            LOG.error("store put of a sent-back message failed", error);
            return request.response(ResponseCode.SYSTEM_ERROR, "store put failed: " + error);
        }
        if (!result.status().isStored()) {
            return request.response(ResponseCode.SYSTEM_ERROR, result.status().name());
        }
        stats.recordPut(topic, MessageType.NORMAL, 1, result.recordSize());
        if (deadLetterOf != null) {
            stats.deadLetters().record(consumerGroup, deadLetterOf);
        }
        return Replies.ok(request);
    }

    private DecodedMessage read(long commitLogOffset) {
        if (commitLogOffset < 0) {
            return null;
        }
        StoredRecord record = store.lookMessageByOffset(commitLogOffset);
        if (record == null) {
            return null;
        }
        try {
            return decoder.decode(record.buffer(), 0);
        } catch (MessageFormatException e) {
            LOG.warn("CONSUMER_SEND_MSG_BACK: no readable message at commit-log offset {}: {}", commitLogOffset,
                e.getMessage());
            return null;
        } finally {
            record.release();
        }
    }
}
