package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;

/**
 * GET_CONSUME_STATS (208) response: offsets of a group per queue, and its consume rate.
 */
public record ConsumeStats(
    double consumeTps,
    Map<MessageQueue, OffsetWrapper> offsetTable) {

    public static final BodyCodec<ConsumeStats> CODEC = BodyCodec.of(ConsumeStats.class);

    public ConsumeStats {
        offsetTable = BodyCollections.map(offsetTable);
    }
}
