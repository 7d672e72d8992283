package dev.petrel.protocol.header.client;

import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.putIfSet;
import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.required;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.ExtFieldReader;
import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import java.util.HashMap;
import java.util.Map;

/**
 * SEND_MESSAGE_V2 (310), SEND_BATCH_MESSAGE (320) and SEND_REPLY_MESSAGE_V2 (325) header: one-letter keys,
 * hand-written because every send decodes it (request-codes.md §4.1).
 *
 * <pre>
 *   key  field                    required   key  field               required
 *   a    producerGroup            yes        h    flag                yes
 *   b    topic                    yes        i    properties
 *   c    defaultTopic             yes        j    reconsumeTimes
 *   d    defaultTopicQueueNums    yes        k    unitMode
 *   e    queueId                  yes        l    maxReconsumeTimes
 *   f    sysFlag                  yes        m    batch
 *   g    bornTimestamp            yes        n    brokerName (rpc.bname)
 * </pre>
 *
 * The other base fields ({@code ns, nsd, oway, lo}) are written under their own names when set, as Apache's JSON
 * encoding does; {@code bname} is read as a fallback for {@code n}. The 5.3.1 client sends neither.
 */
public final class SendMessageV2HeaderCodec implements HeaderCodec<SendMessageRequestHeader> {

    public static final SendMessageV2HeaderCodec INSTANCE = new SendMessageV2HeaderCodec();

    static final String PRODUCER_GROUP = "a";
    static final String TOPIC = "b";
    static final String DEFAULT_TOPIC = "c";
    static final String DEFAULT_TOPIC_QUEUE_NUMS = "d";
    static final String QUEUE_ID = "e";
    static final String SYS_FLAG = "f";
    static final String BORN_TIMESTAMP = "g";
    static final String FLAG = "h";
    static final String PROPERTIES = "i";
    static final String RECONSUME_TIMES = "j";
    static final String UNIT_MODE = "k";
    static final String MAX_RECONSUME_TIMES = "l";
    static final String BATCH = "m";
    static final String BROKER_NAME = "n";

    private SendMessageV2HeaderCodec() {
    }

    @Override
    public Class<SendMessageRequestHeader> type() {
        return SendMessageRequestHeader.class;
    }

    @Override
    public Map<String, String> encode(SendMessageRequestHeader h) {
        Map<String, String> out = new HashMap<>(32);
        out.put(PRODUCER_GROUP, required(h.producerGroup(), "producerGroup"));
        out.put(TOPIC, required(h.topic(), "topic"));
        out.put(DEFAULT_TOPIC, required(h.defaultTopic(), "defaultTopic"));
        out.put(DEFAULT_TOPIC_QUEUE_NUMS, Integer.toString(h.defaultTopicQueueNums()));
        out.put(QUEUE_ID, Integer.toString(h.queueId()));
        out.put(SYS_FLAG, Integer.toString(h.sysFlag()));
        out.put(BORN_TIMESTAMP, Long.toString(h.bornTimestamp()));
        out.put(FLAG, Integer.toString(h.flag()));
        putIfSet(out, PROPERTIES, h.properties());
        putIfSet(out, RECONSUME_TIMES, h.reconsumeTimes());
        putIfSet(out, UNIT_MODE, h.unitMode());
        putIfSet(out, MAX_RECONSUME_TIMES, h.maxReconsumeTimes());
        putIfSet(out, BATCH, h.batch());
        RpcFields rpc = h.rpc();
        putIfSet(out, BROKER_NAME, rpc.bname());
        putIfSet(out, RpcFields.NS, rpc.ns());
        putIfSet(out, RpcFields.NSD, rpc.nsd());
        putIfSet(out, RpcFields.OWAY, rpc.oway());
        putIfSet(out, RpcFields.LO, rpc.lo());
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
        Integer maxReconsumeTimes = in.optionalInt(MAX_RECONSUME_TIMES);
        Boolean batch = in.optionalBoolean(BATCH);
        String brokerName = in.string(BROKER_NAME);
        RpcFields rpc = RpcFields.decodeFrom(in);
        if (in.failed()) {
            return in.failure();
        }
        if (brokerName != null && !brokerName.equals(rpc.bname())) {
            rpc = new RpcFields(rpc.ns(), rpc.nsd(), brokerName, rpc.oway(), rpc.lo());
        }
        return Decoded.ok(new SendMessageRequestHeader(producerGroup, topic, defaultTopic, defaultTopicQueueNums,
            queueId, sysFlag, bornTimestamp, flag, properties, reconsumeTimes, unitMode, batch, maxReconsumeTimes, rpc));
    }
}
