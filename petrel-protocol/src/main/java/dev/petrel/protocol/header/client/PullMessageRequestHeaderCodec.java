package dev.petrel.protocol.header.client;

import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.putIfSet;
import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.required;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.ExtFieldReader;
import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import java.util.HashMap;
import java.util.Map;

/** PULL_MESSAGE / LITE_PULL_MESSAGE request header, hand-written: full key names plus the base fields. */
public final class PullMessageRequestHeaderCodec implements HeaderCodec<PullMessageRequestHeader> {

    public static final PullMessageRequestHeaderCodec INSTANCE = new PullMessageRequestHeaderCodec();

    static final String CONSUMER_GROUP = "consumerGroup";
    static final String TOPIC = "topic";
    static final String QUEUE_ID = "queueId";
    static final String QUEUE_OFFSET = "queueOffset";
    static final String MAX_MSG_NUMS = "maxMsgNums";
    static final String SYS_FLAG = "sysFlag";
    static final String COMMIT_OFFSET = "commitOffset";
    static final String SUSPEND_TIMEOUT_MILLIS = "suspendTimeoutMillis";
    static final String SUBSCRIPTION = "subscription";
    static final String SUB_VERSION = "subVersion";
    static final String EXPRESSION_TYPE = "expressionType";
    static final String MAX_MSG_BYTES = "maxMsgBytes";
    static final String REQUEST_SOURCE = "requestSource";
    static final String PROXY_FORWARD_CLIENT_ID = "proxyFrowardClientId";

    private PullMessageRequestHeaderCodec() {
    }

    @Override
    public Class<PullMessageRequestHeader> type() {
        return PullMessageRequestHeader.class;
    }

    @Override
    public Map<String, String> encode(PullMessageRequestHeader h) {
        Map<String, String> out = new HashMap<>(32);
        out.put(CONSUMER_GROUP, required(h.consumerGroup(), CONSUMER_GROUP));
        out.put(TOPIC, required(h.topic(), TOPIC));
        out.put(QUEUE_ID, Integer.toString(h.queueId()));
        out.put(QUEUE_OFFSET, Long.toString(h.queueOffset()));
        out.put(MAX_MSG_NUMS, Integer.toString(h.maxMsgNums()));
        out.put(SYS_FLAG, Integer.toString(h.sysFlag()));
        out.put(COMMIT_OFFSET, Long.toString(h.commitOffset()));
        out.put(SUSPEND_TIMEOUT_MILLIS, Long.toString(h.suspendTimeoutMillis()));
        putIfSet(out, SUBSCRIPTION, h.subscription());
        out.put(SUB_VERSION, Long.toString(h.subVersion()));
        putIfSet(out, EXPRESSION_TYPE, h.expressionType());
        putIfSet(out, MAX_MSG_BYTES, h.maxMsgBytes());
        putIfSet(out, REQUEST_SOURCE, h.requestSource());
        putIfSet(out, PROXY_FORWARD_CLIENT_ID, h.proxyFrowardClientId());
        h.rpc().encodeTo(out);
        return out;
    }

    @Override
    public Decoded<PullMessageRequestHeader> decode(Map<String, String> extFields) {
        ExtFieldReader in = new ExtFieldReader(extFields);
        String consumerGroup = in.requiredString(CONSUMER_GROUP);
        String topic = in.requiredString(TOPIC);
        int queueId = in.requiredInt(QUEUE_ID);
        long queueOffset = in.requiredLong(QUEUE_OFFSET);
        int maxMsgNums = in.requiredInt(MAX_MSG_NUMS);
        int sysFlag = in.requiredInt(SYS_FLAG);
        long commitOffset = in.requiredLong(COMMIT_OFFSET);
        long suspendTimeoutMillis = in.requiredLong(SUSPEND_TIMEOUT_MILLIS);
        String subscription = in.string(SUBSCRIPTION);
        long subVersion = in.requiredLong(SUB_VERSION);
        String expressionType = in.string(EXPRESSION_TYPE);
        Integer maxMsgBytes = in.optionalInt(MAX_MSG_BYTES);
        Integer requestSource = in.optionalInt(REQUEST_SOURCE);
        String proxyForwardClientId = in.string(PROXY_FORWARD_CLIENT_ID);
        RpcFields rpc = RpcFields.decodeFrom(in);
        if (in.failed()) {
            return in.failure();
        }
        return Decoded.ok(new PullMessageRequestHeader(consumerGroup, topic, queueId, queueOffset, maxMsgNums, sysFlag,
            commitOffset, suspendTimeoutMillis, subscription, subVersion, expressionType, maxMsgBytes, requestSource,
            proxyForwardClientId, rpc));
    }
}
