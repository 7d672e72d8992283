package dev.petrel.client;

import dev.petrel.message.DecodedMessage;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A consumed message: what was sent plus where and when the broker stored it. Immutable; the body array is shared, do
 * not change it.
 */
public final class ReceivedMessage {

    private final DecodedMessage stored;
    private final String topic;
    private final MessageQueue queue;
    private final long queueOffset;
    private final Map<String, String> properties;
    private final int reconsumeTimes;

    private ReceivedMessage(DecodedMessage stored, String topic, MessageQueue queue, long queueOffset,
                            Map<String, String> properties, int reconsumeTimes) {
        this.stored = stored;
        this.topic = topic;
        this.queue = queue;
        this.queueOffset = queueOffset;
        this.properties = Collections.unmodifiableMap(properties);
        this.reconsumeTimes = reconsumeTimes;
    }

    /**
     * @param stored      the record as decoded from a pull or query
     * @param topic       the topic to report: the stored one, or for redelivered messages the original topic
     * @param brokerName  the broker it came from (records do not carry it)
     * @param queueOffset the offset to report (the stored one, or corrected for static topics)
     * @param properties  the properties to expose (the stored ones plus what the client adds, e.g. MIN_OFFSET)
     */
    public static ReceivedMessage of(DecodedMessage stored, String topic, String brokerName, long queueOffset,
                                     Map<String, String> properties) {
        return new ReceivedMessage(stored, topic, new MessageQueue(stored.topic(), brokerName, stored.queueId()),
            queueOffset, properties, stored.reconsumeTimes());
    }

    /** This message with another topic shown (a redelivery from {@code %RETRY%group} shows its original topic). */
    public ReceivedMessage withTopic(String newTopic) {
        return new ReceivedMessage(stored, newTopic, queue, queueOffset, properties, reconsumeTimes);
    }

    /**
     * This message as offered again in place after a failed orderly consumption: the client counts the attempts, as
     * the official client does, so listeners see {@link #reconsumeTimes()} grow.
     */
    public ReceivedMessage withReconsumeTimes(int times) {
        return new ReceivedMessage(stored, topic, queue, queueOffset, properties, times);
    }

    /**
     * The topic: where the message was sent. For a redelivery the broker stores the message in {@code %RETRY%group};
     * consumers see the original topic here and the stored one in {@link #queue()}.
     */
    public String topic() {
        return topic;
    }

    public byte[] body() {
        return stored.body();
    }

    public String bodyAsString() {
        return new String(stored.body(), StandardCharsets.UTF_8);
    }

    public int flag() {
        return stored.flag();
    }

    public String tags() {
        return properties.get(PropertyNames.TAGS);
    }

    public List<String> keys() {
        String keys = properties.get(PropertyNames.KEYS);
        return keys == null ? List.of() : List.of(keys.split(PropertyNames.KEY_SEPARATOR));
    }

    public String property(String name) {
        return properties.get(name);
    }

    public Map<String, String> properties() {
        return properties;
    }

    /** The id the producer assigned (UNIQ_KEY), or the broker's id when there is none: RocketMQ's {@code getMsgId()}. */
    public String msgId() {
        String uniq = properties.get(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        return uniq != null ? uniq : stored.msgId();
    }

    /** The broker's id: store address and commit-log offset, 32 hex characters for IPv4. */
    public String offsetMsgId() {
        return stored.msgId();
    }

    public MessageQueue queue() {
        return queue;
    }

    public int queueId() {
        return queue.queueId();
    }

    public String brokerName() {
        return queue.brokerName();
    }

    public long queueOffset() {
        return queueOffset;
    }

    public long commitLogOffset() {
        return stored.physicalOffset();
    }

    public long bornTimestamp() {
        return stored.bornTimestamp();
    }

    /** The producer's address as {@code ip:port}. */
    public String bornHost() {
        return stored.bornHost().toString();
    }

    public long storeTimestamp() {
        return stored.storeTimestamp();
    }

    public String storeHost() {
        return stored.storeHost().toString();
    }

    /**
     * How often this message was delivered again after a failed consumption: through the retry topic (counted by the
     * broker) or, for orderly listeners, in place (counted by the client).
     */
    public int reconsumeTimes() {
        return reconsumeTimes;
    }

    public int sysFlag() {
        return stored.sysFlag();
    }

    public int bodyCrc() {
        return stored.bodyCrc();
    }

    /** The stored size of the record in bytes (what flow control counts). */
    public int storeSize() {
        return stored.totalSize();
    }

    /** The record as decoded, for the client's own use (send-back needs the commit-log offset and id). */
    public DecodedMessage stored() {
        return stored;
    }

    @Override
    public String toString() {
        return "ReceivedMessage[" + queue + ", offset=" + queueOffset + ", msgId=" + msgId() + ", reconsumeTimes="
            + reconsumeTimes() + ", properties=" + properties + ", body=" + stored.body().length + " bytes]";
    }
}
