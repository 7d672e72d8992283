package dev.petrel.protocol.body.topic;

/**
 * One placement of a static topic's logical queue: which physical queue on which broker held which offset range.
 * Absent properties take {@link #DEFAULTS} (open-ended: end offset and times -1).
 */
public record LogicQueueMappingItem(
    String bname,
    long endOffset,
    int gen,
    long logicOffset,
    int queueId,
    long startOffset,
    long timeOfEnd,
    long timeOfStart) {

    public static final LogicQueueMappingItem DEFAULTS = new LogicQueueMappingItem(null, -1, 0, 0, 0, 0, -1, -1);
}
