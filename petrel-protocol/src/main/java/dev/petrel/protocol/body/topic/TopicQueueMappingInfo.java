package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * Static-topic mapping summary of one topic on one broker ({@code currIdMap}: global queue id → physical queue id).
 * Carried in registration and in routes; absent properties take {@link #DEFAULTS} (scope {@code __global__}).
 */
public record TopicQueueMappingInfo(
    String bname,
    Map<Integer, Integer> currIdMap,
    boolean dirty,
    long epoch,
    String scope,
    String topic,
    int totalQueues) {

    /** TopicQueueMappingUtils / MixAll.METADATA_SCOPE_GLOBAL. */
    public static final String SCOPE_GLOBAL = "__global__";
    public static final TopicQueueMappingInfo DEFAULTS = new TopicQueueMappingInfo(null, Map.of(), false, 0, SCOPE_GLOBAL,
        null, 0);

    public TopicQueueMappingInfo {
        currIdMap = BodyCollections.map(currIdMap);
    }
}
