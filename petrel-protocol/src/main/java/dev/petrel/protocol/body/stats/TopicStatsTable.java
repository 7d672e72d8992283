package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;

/**
 * GET_TOPIC_STATS_INFO (202) response: offsets of each queue of a topic.
 */
public record TopicStatsTable(
    Map<MessageQueue, TopicOffset> offsetTable) {

    public static final BodyCodec<TopicStatsTable> CODEC = BodyCodec.of(TopicStatsTable.class);

    public TopicStatsTable {
        offsetTable = BodyCollections.map(offsetTable);
    }
}
