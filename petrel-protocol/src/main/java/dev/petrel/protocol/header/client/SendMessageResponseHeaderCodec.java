package dev.petrel.protocol.header.client;

import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.putIfSet;
import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.required;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.ExtFieldReader;
import dev.petrel.protocol.header.HeaderCodec;
import java.util.HashMap;
import java.util.Map;

/** Send response header, hand-written: {@code msgId, queueId, queueOffset, transactionId, batchUniqId, MSG_REGION, TRACE_ON}. */
public final class SendMessageResponseHeaderCodec implements HeaderCodec<SendMessageResponseHeader> {

    public static final SendMessageResponseHeaderCodec INSTANCE = new SendMessageResponseHeaderCodec();

    static final String MSG_ID = "msgId";
    static final String QUEUE_ID = "queueId";
    static final String QUEUE_OFFSET = "queueOffset";
    static final String TRANSACTION_ID = "transactionId";
    static final String BATCH_UNIQ_ID = "batchUniqId";
    /** MessageConst.PROPERTY_MSG_REGION. */
    public static final String MSG_REGION = "MSG_REGION";
    /** MessageConst.PROPERTY_TRACE_SWITCH. */
    public static final String TRACE_ON = "TRACE_ON";

    private SendMessageResponseHeaderCodec() {
    }

    @Override
    public Class<SendMessageResponseHeader> type() {
        return SendMessageResponseHeader.class;
    }

    @Override
    public Map<String, String> encode(SendMessageResponseHeader h) {
        Map<String, String> out = new HashMap<>(16);
        out.put(MSG_ID, required(h.msgId(), MSG_ID));
        out.put(QUEUE_ID, Integer.toString(h.queueId()));
        out.put(QUEUE_OFFSET, Long.toString(h.queueOffset()));
        putIfSet(out, TRANSACTION_ID, h.transactionId());
        putIfSet(out, BATCH_UNIQ_ID, h.batchUniqId());
        putIfSet(out, MSG_REGION, h.msgRegion());
        putIfSet(out, TRACE_ON, h.traceOn());
        return out;
    }

    @Override
    public Decoded<SendMessageResponseHeader> decode(Map<String, String> extFields) {
        ExtFieldReader in = new ExtFieldReader(extFields);
        String msgId = in.requiredString(MSG_ID);
        int queueId = in.requiredInt(QUEUE_ID);
        long queueOffset = in.requiredLong(QUEUE_OFFSET);
        String transactionId = in.string(TRANSACTION_ID);
        String batchUniqId = in.string(BATCH_UNIQ_ID);
        String msgRegion = in.string(MSG_REGION);
        Boolean traceOn = in.optionalBoolean(TRACE_ON);
        if (in.failed()) {
            return in.failure();
        }
        return Decoded.ok(new SendMessageResponseHeader(msgId, queueId, queueOffset, transactionId, batchUniqId,
            msgRegion, traceOn));
    }
}
