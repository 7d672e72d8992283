package dev.petrel.protocol.body.offset;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import java.util.Map;

/**
 * GET_ALL_DELAY_OFFSET (45) response and the broker's persisted {@code delayOffset.json}: the schedule topic's
 * consume offset per delay level (keys unquoted in Apache's output).
 */
public record DelayOffsetSerializeWrapper(
    DataVersion dataVersion,
    Map<Integer, Long> offsetTable) {

    public static final BodyCodec<DelayOffsetSerializeWrapper> CODEC = BodyCodec.of(DelayOffsetSerializeWrapper.class);

    public DelayOffsetSerializeWrapper {
        offsetTable = BodyCollections.map(offsetTable);
    }
}
