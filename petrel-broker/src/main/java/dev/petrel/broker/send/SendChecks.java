package dev.petrel.broker.send;

import dev.petrel.broker.metadata.Perm;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.processor.Refusal;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;

import java.time.Instant;

/**
 * The checks of a send before its message is built, in Apache's order (request-codes.md §4.1): start-time gate,
 * broker permission for order topics, topic name, forbidden system topics, topic existence (creating it from TBW102
 * or, for {@code %RETRY%} topics, with one queue), queue id range.
 *
 * <p>Deviation from 5.3.1, on purpose: an invalid topic name is MESSAGE_ILLEGAL (the producer fails at once with the
 * reason) instead of SYSTEM_ERROR (which the 5.3.1 producer retries twice before failing with the same reason).
 */
public final class SendChecks {

    /**
     * The header of a send-shaped request: the long field names for SEND_MESSAGE and SEND_REPLY_MESSAGE, the short
     * ones (V2) for SEND_MESSAGE_V2, SEND_BATCH_MESSAGE and SEND_REPLY_MESSAGE_V2, as the 5.3.1 client sends them.
     */
    public static Decoded<SendMessageRequestHeader> decodeHeader(RemotingCommand request) {
        boolean v1 = request.code() == RequestCode.SEND_MESSAGE || request.code() == RequestCode.SEND_REPLY_MESSAGE;
        return v1 ? SendMessageV1HeaderCodec.INSTANCE.decode(request.extFields())
            : SendMessageV2HeaderCodec.INSTANCE.decode(request.extFields());
    }


    /** Outcome: the topic's config, or a refusal. */
    public record Checked(TopicConfig topic, Refusal refusal) {
        static Checked refused(int code, String remark) {
            return new Checked(null, new Refusal(code, remark));
        }
    }

    private final TopicConfigTable topics;
    private final String brokerIp;
    private final boolean autoCreateTopicEnable;

    public SendChecks(TopicConfigTable topics, String brokerIp, boolean autoCreateTopicEnable) {
        this.topics = topics;
        this.brokerIp = brokerIp;
        this.autoCreateTopicEnable = autoCreateTopicEnable;
    }

    /** Refuses every send until {@code startAcceptSendRequestTimeStamp}. */
    public Refusal startGate(long nowMillis, long startAcceptMillis) {
        if (nowMillis < startAcceptMillis) {
            return new Refusal(ResponseCode.SYSTEM_ERROR, "broker unable to service, until "
                + Instant.ofEpochMilli(startAcceptMillis) + " (startAcceptSendRequestTimeStamp)");
        }
        return null;
    }

    /**
     * Checks the header against the topic table, creating the topic when allowed.
     *
     * @param brokerPermission the broker's current {@code brokerPermission}
     * @param producer         the producer's address, for logs
     */
    public Checked check(SendMessageRequestHeader h, int brokerPermission, String producer) {
        String topic = h.topic();
        if (!Perm.isWriteable(brokerPermission) && topics.isOrderTopic(topic)) {
            return Checked.refused(ResponseCode.NO_PERMISSION, "the broker[" + brokerIp + "] sending message is forbidden"
                + " (brokerPermission=" + brokerPermission + ")");
        }
        String bad = NameValidator.validateTopic(topic);
        if (bad != null) {
            return Checked.refused(ResponseCode.MESSAGE_ILLEGAL, "invalid topic: " + bad);
        }
        if (SystemTopics.isNotAllowedSend(topic)) {
            return Checked.refused(ResponseCode.NO_PERMISSION, "Sending message to topic[" + topic + "] is forbidden.");
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            int topicSysFlag = 0;
            if (Boolean.TRUE.equals(h.unitMode())) {
                topicSysFlag = SystemTopics.isRetryTopic(topic) ? 2 : 1;
            }
            TopicConfigTable.AutoCreate created = topics.createForSend(topic, h.defaultTopic(), h.defaultTopicQueueNums(),
                topicSysFlag, producer);
            config = created.config();
            if (config == null && SystemTopics.isRetryTopic(topic)) {
                config = topics.ensure(topic, 1, Perm.READ_WRITE, false, topicSysFlag);
            }
            if (config == null) {
                return Checked.refused(ResponseCode.TOPIC_NOT_EXIST, "topic[" + topic + "] not exist, apply first please! "
                    + "This broker cannot create it: " + created.refusal() + ". Create it with 'mqadmin updateTopic -t "
                    + topic + " -c <cluster>'" + (autoCreateTopicEnable ? "" : " or set autoCreateTopicEnable=true"));
            }
        }
        int limit = Math.max(config.writeQueueNums(), config.readQueueNums());
        if (h.queueId() >= limit) {
            return Checked.refused(ResponseCode.SYSTEM_ERROR, String.format("request queueId[%d] is illegal, topic %s has "
                + "%d write and %d read queues (ids 0..%d). Producer: %s", h.queueId(), topic, config.writeQueueNums(),
                config.readQueueNums(), limit - 1, producer));
        }
        return new Checked(config, null);
    }
}
