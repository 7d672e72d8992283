package dev.petrel.protocol.header.client;

import static dev.petrel.protocol.header.client.SendMessageV1HeaderCodec.putIfSet;

import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.ExtFieldReader;
import dev.petrel.protocol.header.HeaderCodec;
import java.util.HashMap;
import java.util.Map;

/** PULL_MESSAGE / LITE_PULL_MESSAGE response header, hand-written. */
public final class PullMessageResponseHeaderCodec implements HeaderCodec<PullMessageResponseHeader> {

    public static final PullMessageResponseHeaderCodec INSTANCE = new PullMessageResponseHeaderCodec();

    static final String SUGGEST_WHICH_BROKER_ID = "suggestWhichBrokerId";
    static final String NEXT_BEGIN_OFFSET = "nextBeginOffset";
    static final String MIN_OFFSET = "minOffset";
    static final String MAX_OFFSET = "maxOffset";
    static final String OFFSET_DELTA = "offsetDelta";
    static final String TOPIC_SYS_FLAG = "topicSysFlag";
    static final String GROUP_SYS_FLAG = "groupSysFlag";
    static final String FORBIDDEN_TYPE = "forbiddenType";

    private PullMessageResponseHeaderCodec() {
    }

    @Override
    public Class<PullMessageResponseHeader> type() {
        return PullMessageResponseHeader.class;
    }

    @Override
    public Map<String, String> encode(PullMessageResponseHeader h) {
        Map<String, String> out = new HashMap<>(16);
        out.put(SUGGEST_WHICH_BROKER_ID, Long.toString(h.suggestWhichBrokerId()));
        out.put(NEXT_BEGIN_OFFSET, Long.toString(h.nextBeginOffset()));
        out.put(MIN_OFFSET, Long.toString(h.minOffset()));
        out.put(MAX_OFFSET, Long.toString(h.maxOffset()));
        putIfSet(out, OFFSET_DELTA, h.offsetDelta());
        putIfSet(out, TOPIC_SYS_FLAG, h.topicSysFlag());
        putIfSet(out, GROUP_SYS_FLAG, h.groupSysFlag());
        putIfSet(out, FORBIDDEN_TYPE, h.forbiddenType());
        return out;
    }

    @Override
    public Decoded<PullMessageResponseHeader> decode(Map<String, String> extFields) {
        ExtFieldReader in = new ExtFieldReader(extFields);
        long suggestWhichBrokerId = in.requiredLong(SUGGEST_WHICH_BROKER_ID);
        long nextBeginOffset = in.requiredLong(NEXT_BEGIN_OFFSET);
        long minOffset = in.requiredLong(MIN_OFFSET);
        long maxOffset = in.requiredLong(MAX_OFFSET);
        Long offsetDelta = in.optionalLong(OFFSET_DELTA);
        Integer topicSysFlag = in.optionalInt(TOPIC_SYS_FLAG);
        Integer groupSysFlag = in.optionalInt(GROUP_SYS_FLAG);
        Integer forbiddenType = in.optionalInt(FORBIDDEN_TYPE);
        if (in.failed()) {
            return in.failure();
        }
        return Decoded.ok(new PullMessageResponseHeader(suggestWhichBrokerId, nextBeginOffset, minOffset, maxOffset,
            offsetDelta, topicSysFlag, groupSysFlag, forbiddenType));
    }
}
