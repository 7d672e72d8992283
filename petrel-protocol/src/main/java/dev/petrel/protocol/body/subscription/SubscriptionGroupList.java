package dev.petrel.protocol.body.subscription;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST (225) body.
 */
public record SubscriptionGroupList(
    List<SubscriptionGroupConfig> groupConfigList) {

    public static final BodyCodec<SubscriptionGroupList> CODEC = BodyCodec.of(SubscriptionGroupList.class);

    public SubscriptionGroupList {
        groupConfigList = BodyCollections.list(groupConfigList);
    }
}
