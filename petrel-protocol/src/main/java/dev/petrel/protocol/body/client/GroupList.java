package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300) response: groups consuming a topic.
 */
public record GroupList(
    Set<String> groupList) {

    public static final BodyCodec<GroupList> CODEC = BodyCodec.of(GroupList.class);

    public GroupList {
        groupList = BodyCollections.set(groupList);
    }
}
