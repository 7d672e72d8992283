package dev.petrel.broker.replication;

import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.schedule.DelayOffsetTable;

/**
 * The broker's metadata tables a replica copies from its master (SlaveSynchronize): topic configs, subscription
 * groups, consumer offsets and delay-level progress. Built by the broker before its replication, so the replication
 * receives them in its constructor.
 */
public record MetadataTables(TopicConfigTable topics, SubscriptionGroupTable groups, ConsumerOffsetTable offsets,
                             DelayOffsetTable delayOffsets) {
}
