package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.ExtFieldReader;
import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import java.util.HashMap;
import java.util.Map;

/**
 * SEND_MESSAGE (10) and SEND_REPLY_MESSAGE (324) header: full key names, hand-written (no reflection). Same keys as
 * the generic codec would derive from {@link SendMessageRequestHeader}'s components (a test keeps them equal).
 */
public final class SendMessageV1HeaderCodec implements HeaderCodec<SendMessageRequestHeader> {

    public static final SendMessageV1HeaderCodec INSTANCE = new SendMessageV1HeaderCodec();

    static final String PRODUCER_GROUP = "producerGroup";
    static final String TOPIC = "topic";
    static final String DEFAULT_TOPIC = "defaultTopic";
    static final String DEFAULT_TOPIC_QUEUE_NUMS = "defaultTopicQueueNums";
    static final String QUEUE_ID = "queueId";
    static final String SYS_FLAG = "sysFlag";
    static final String BORN_TIMESTAMP = "bornTimestamp";
    static final String FLAG = "flag";
    static final String PROPERTIES = "properties";
    static final String RECONSUME_TIMES = "reconsumeTimes";
    static final String UNIT_MODE = "unitMode";
    static final String BATCH = "batch";
    static final String MAX_RECONSUME_TIMES = "maxReconsumeTimes";

    private SendMessageV1HeaderCodec() {
    }

    @Override
    public Class<SendMessageRequestHeader> type() {
        return SendMessageRequestHeader.class;
    }

    @Override
    public Map<String, String> encode(SendMessageRequestHeader h) {
        Map<String, String> out = new HashMap<>(32);
        out.put(PRODUCER_GROUP, required(h.producerGroup(), PRODUCER_GROUP));
        out.put(TOPIC, required(h.topic(), TOPIC));
        out.put(DEFAULT_TOPIC, required(h.defaultTopic(), DEFAULT_TOPIC));
        out.put(DEFAULT_TOPIC_QUEUE_NUMS, Integer.toString(h.defaultTopicQueueNums()));
        out.put(QUEUE_ID, Integer.toString(h.queueId()));
        out.put(SYS_FLAG, Integer.toString(h.sysFlag()));
        out.put(BORN_TIMESTAMP, Long.toString(h.bornTimestamp()));
        out.put(FLAG, Integer.toString(h.flag()));
        putIfSet(out, PROPERTIES, h.properties());
        putIfSet(out, RECONSUME_TIMES, h.reconsumeTimes());
        putIfSet(out, UNIT_MODE, h.unitMode());
        putIfSet(out, BATCH, h.batch());
        putIfSet(out, MAX_RECONSUME_TIMES, h.maxReconsumeTimes());
        h.rpc().encodeTo(out);
        return out;
    }

    @Override
    public Decoded<SendMessageRequestHeader> decode(Map<String, String> extFields) {
        ExtFieldReader in = new ExtFieldReader(extFields);
        String producerGroup = in.requiredString(PRODUCER_GROUP);
        String topic = in.requiredString(TOPIC);
        String defaultTopic = in.requiredString(DEFAULT_TOPIC);
        int defaultTopicQueueNums = in.requiredInt(DEFAULT_TOPIC_QUEUE_NUMS);
        int queueId = in.requiredInt(QUEUE_ID);
        int sysFlag = in.requiredInt(SYS_FLAG);
        long bornTimestamp = in.requiredLong(BORN_TIMESTAMP);
        int flag = in.requiredInt(FLAG);
        String properties = in.string(PROPERTIES);
        Integer reconsumeTimes = in.optionalInt(RECONSUME_TIMES);
        Boolean unitMode = in.optionalBoolean(UNIT_MODE);
        Boolean batch = in.optionalBoolean(BATCH);
        Integer maxReconsumeTimes = in.optionalInt(MAX_RECONSUME_TIMES);
        RpcFields rpc = RpcFields.decodeFrom(in);
        if (in.failed()) {
            return in.failure();
        }
        return Decoded.ok(new SendMessageRequestHeader(producerGroup, topic, defaultTopic, defaultTopicQueueNums,
            queueId, sysFlag, bornTimestamp, flag, properties, reconsumeTimes, unitMode, batch, maxReconsumeTimes, rpc));
    }

    static String required(String value, String key) {
        if (value == null) {
            throw new IllegalArgumentException("send header: " + key + " is required but null");
        }
        return value;
    }

    static void putIfSet(Map<String, String> out, String key, Object value) {
        if (value != null) {
            out.put(key, value.toString());
        }
    }
}
