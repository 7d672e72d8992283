package dev.petrel.protocol.body.heartbeat;

/**
 * Where a group without a committed offset starts. Apache deprecated all but LAST_OFFSET, FIRST_OFFSET and
 * TIMESTAMP, but old clients still send them.
 */
public enum ConsumeFromWhere {
    CONSUME_FROM_LAST_OFFSET,
    CONSUME_FROM_LAST_OFFSET_AND_FROM_MIN_WHEN_BOOT_FIRST,
    CONSUME_FROM_MIN_OFFSET,
    CONSUME_FROM_MAX_OFFSET,
    CONSUME_FROM_FIRST_OFFSET,
    CONSUME_FROM_TIMESTAMP
}
