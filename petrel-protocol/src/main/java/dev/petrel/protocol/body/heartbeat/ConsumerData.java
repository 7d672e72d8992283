package dev.petrel.protocol.body.heartbeat;

import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * A consumer group in a heartbeat, with its subscriptions (push consumers add {@code %RETRY%<group>}
 * automatically).
 */
public record ConsumerData(
    ConsumeFromWhere consumeFromWhere,
    ConsumeType consumeType,
    String groupName,
    MessageModel messageModel,
    Set<SubscriptionData> subscriptionDataSet,
    boolean unitMode) {

    public ConsumerData {
        subscriptionDataSet = BodyCollections.set(subscriptionDataSet);
    }
}
