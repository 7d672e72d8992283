package dev.petrel.client.consumer;

import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;

/** Where a group that has no committed offset for a queue starts (flows.md §9). */
public enum StartPosition {
    /** At the end: only messages sent from now on (RocketMQ's default). */
    LAST_OFFSET(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET),
    /** At the oldest message still stored. */
    FIRST_OFFSET(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET),
    /** At the first message stored at or after {@code consumeTimestamp} (30 minutes ago by default). */
    TIMESTAMP(ConsumeFromWhere.CONSUME_FROM_TIMESTAMP);

    private final ConsumeFromWhere wire;

    StartPosition(ConsumeFromWhere wire) {
        this.wire = wire;
    }

    /** The value heartbeats carry. */
    public ConsumeFromWhere wire() {
        return wire;
    }
}
