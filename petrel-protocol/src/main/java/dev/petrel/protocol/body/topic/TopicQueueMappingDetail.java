package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCollections;
import java.util.List;
import java.util.Map;

/**
 * Static-topic mapping of one topic with the items of each hosted queue (global queue id → history of physical
 * placements). Absent properties take {@link #DEFAULTS}.
 */
public record TopicQueueMappingDetail(
    String bname,
    Map<Integer, Integer> currIdMap,
    boolean dirty,
    long epoch,
    Map<Integer, List<LogicQueueMappingItem>> hostedQueues,
    String scope,
    String topic,
    int totalQueues) {

    public static final TopicQueueMappingDetail DEFAULTS = new TopicQueueMappingDetail(null, Map.of(), false, 0, Map.of(),
        TopicQueueMappingInfo.SCOPE_GLOBAL, null, 0);

    public TopicQueueMappingDetail {
        currIdMap = BodyCollections.map(currIdMap);
        hostedQueues = BodyCollections.map(hostedQueues);
    }
}
