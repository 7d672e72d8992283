package dev.petrel.client.internal.producer;

import dev.petrel.client.Message;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.NameValidator;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds send requests exactly as the 5.3.1 client does (request-codes.md §4.1, message-format.md §4): SEND_MESSAGE_V2
 * with the one-letter header for single messages, SEND_BATCH_MESSAGE with {@code m=true} for batches; the target
 * broker name in {@code n}; {@code c=TBW102}, {@code d=4} so the broker can auto-create the topic; {@code j}, {@code
 * k}, {@code m} always written; for {@code %RETRY%} topics the reconsume counters move from the properties to
 * {@code j} and {@code l}. Pure and thread-safe.
 */
public final class SendRequestFactory {

    private final String producerGroup;
    private final String defaultTopic;
    private final int defaultTopicQueueNums;
    private final BodyCompressor compressor;

    public SendRequestFactory(String producerGroup, String defaultTopic, int defaultTopicQueueNums, BodyCompressor compressor) {
        this.producerGroup = producerGroup;
        this.defaultTopic = defaultTopic;
        this.defaultTopicQueueNums = defaultTopicQueueNums;
        this.compressor = compressor;
    }

    /**
     * One message. {@code uniqKey} becomes the UNIQ_KEY property unless the message already has one.
     */
    public RemotingCommand single(Message message, String uniqKey, MessageQueue queue, long bornTimestamp) {
        Map<String, String> properties = new LinkedHashMap<>(message.properties());
        properties.putIfAbsent(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, uniqKey);
        int sysFlag = 0;
        BodyCompressor.Compressed body = compressor.maybeCompress(message.body());
        sysFlag |= body.sysFlag();
        if (Boolean.parseBoolean(properties.get(PropertyNames.TRANSACTION_PREPARED))) {
            sysFlag |= SysFlag.TRANSACTION_PREPARED_TYPE;
        }
        int reconsumeTimes = 0;
        Integer maxReconsumeTimes = null;
        if (message.topic().startsWith(NameValidator.RETRY_PREFIX)) {
            String reconsume = properties.remove(PropertyNames.RECONSUME_TIME);
            if (reconsume != null) {
                reconsumeTimes = Integer.parseInt(reconsume);
            }
            String max = properties.remove(PropertyNames.MAX_RECONSUME_TIMES);
            if (max != null) {
                maxReconsumeTimes = Integer.parseInt(max);
            }
        }
        SendMessageRequestHeader header = new SendMessageRequestHeader(producerGroup, message.topic(), defaultTopic,
            defaultTopicQueueNums, queue.queueId(), sysFlag, bornTimestamp, message.flag(),
            PropertiesCodec.encode(properties), reconsumeTimes, false, false, maxReconsumeTimes,
            RpcFields.toBroker(queue.brokerName()));
        // A reply (request-reply) goes as SEND_REPLY_MESSAGE_V2, so the broker pushes it to the requester.
        int code = "reply".equals(properties.get(PropertyNames.MESSAGE_TYPE)) ? RequestCode.SEND_REPLY_MESSAGE_V2
            : RequestCode.SEND_MESSAGE_V2;
        return RemotingCommand.request(code, SendMessageV2HeaderCodec.INSTANCE.encode(header), body.body());
    }

    /**
     * A batch to one queue: each message with its UNIQ_KEY ({@code uniqKeys}, same order), the envelope with the
     * messages' common WAIT value. The caller checked the batch rules.
     *
     * <p>Unlike the 5.3.1 client, the envelope carries no UNIQ_KEY of its own: the 5.3.1 broker appends the envelope's
     * properties to every stored message, and a UNIQ_KEY there would replace each message's own id (consumers would
     * see one id for the whole batch).
     */
    public RemotingCommand batch(List<Message> messages, List<String> uniqKeys, MessageQueue queue, long bornTimestamp) {
        List<BatchBodyCodec.Entry> entries = new ArrayList<>(messages.size());
        for (int i = 0; i < messages.size(); i++) {
            Message m = messages.get(i);
            Map<String, String> properties = new LinkedHashMap<>(m.properties());
            properties.putIfAbsent(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, uniqKeys.get(i));
            entries.add(new BatchBodyCodec.Entry(m.flag(), m.body(), PropertiesCodec.encode(properties)));
        }
        Map<String, String> envelope = new LinkedHashMap<>();
        envelope.put(PropertyNames.WAIT_STORE_MSG_OK, Boolean.toString(messages.get(0).waitStoreMsgOK()));
        SendMessageRequestHeader header = new SendMessageRequestHeader(producerGroup, messages.get(0).topic(),
            defaultTopic, defaultTopicQueueNums, queue.queueId(), 0, bornTimestamp, 0, PropertiesCodec.encode(envelope), 0,
            false, true, null, RpcFields.toBroker(queue.brokerName()));
        return RemotingCommand.request(RequestCode.SEND_BATCH_MESSAGE, SendMessageV2HeaderCodec.INSTANCE.encode(header),
            BatchBodyCodec.encode(entries));
    }

    /** The encoded size of one message inside a batch body: what the 4 MiB batch limit counts. */
    public static int batchEntrySize(Message message, String uniqKey) {
        Map<String, String> properties = new LinkedHashMap<>(message.properties());
        properties.putIfAbsent(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, uniqKey);
        return BatchBodyCodec.OVERHEAD + message.body().length
            + PropertiesCodec.encode(properties).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }
}
