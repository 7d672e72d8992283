package dev.petrel.broker.replication;

import dev.petrel.broker.auth.AuthMetadata;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.schedule.DelayOffsetTable;

/**
 * The broker's metadata tables a replica copies from its master (SlaveSynchronize): topic configs, subscription
 * groups, consumer offsets, delay-level progress, and the ACL 2.0 users and ACLs. Built by the broker before its
 * replication, so the replication receives them in its constructor.
 *
 * @param auth the users and ACLs (null: not copied)
 */
public record MetadataTables(TopicConfigTable topics, SubscriptionGroupTable groups, ConsumerOffsetTable offsets,
                             DelayOffsetTable delayOffsets, AuthMetadata auth) {

    /** Tables without users and ACLs. */
    public MetadataTables(TopicConfigTable topics, SubscriptionGroupTable groups, ConsumerOffsetTable offsets,
                          DelayOffsetTable delayOffsets) {
        this(topics, groups, offsets, delayOffsets, null);
    }
}
