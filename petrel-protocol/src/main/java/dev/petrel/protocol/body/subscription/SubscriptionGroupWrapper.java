package dev.petrel.protocol.body.subscription;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import java.util.Map;

/**
 * GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201) response, and the broker's persisted {@code subscriptionGroup.json}
 * (Apache 5.3.1 writes the file with {@code forbiddenTable}, group → topic → forbidden bits; the 5.3.1 wire body
 * has none: null here leaves it out).
 */
public record SubscriptionGroupWrapper(
    DataVersion dataVersion,
    Map<String, Map<String, Integer>> forbiddenTable,
    Map<String, SubscriptionGroupConfig> subscriptionGroupTable) {

    public static final BodyCodec<SubscriptionGroupWrapper> CODEC = BodyCodec.of(SubscriptionGroupWrapper.class);

    public SubscriptionGroupWrapper {
        forbiddenTable = BodyCollections.mapOrNull(forbiddenTable);
        subscriptionGroupTable = BodyCollections.map(subscriptionGroupTable);
    }
}
