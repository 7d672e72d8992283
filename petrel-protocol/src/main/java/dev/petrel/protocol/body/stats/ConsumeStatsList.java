package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;
import java.util.Map;

/**
 * GET_BROKER_CONSUME_STATS (317) response: each entry maps a group to its ConsumeStats.
 */
public record ConsumeStatsList(
    String brokerAddr,
    List<Map<String, List<ConsumeStats>>> consumeStatsList,
    long totalDiff,
    long totalInflightDiff) {

    public static final BodyCodec<ConsumeStatsList> CODEC = BodyCodec.of(ConsumeStatsList.class);

    public ConsumeStatsList {
        consumeStatsList = BodyCollections.list(consumeStatsList);
    }
}
