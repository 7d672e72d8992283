package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.Map;
import java.util.Set;

/**
 * GET_CONSUMER_CONNECTION_LIST (203) response: the group's connections and its current settings and subscriptions.
 */
public record ConsumerConnection(
    Set<Connection> connectionSet,
    ConsumeFromWhere consumeFromWhere,
    ConsumeType consumeType,
    MessageModel messageModel,
    Map<String, SubscriptionData> subscriptionTable) {

    public static final BodyCodec<ConsumerConnection> CODEC = BodyCodec.of(ConsumerConnection.class);

    public ConsumerConnection {
        connectionSet = BodyCollections.set(connectionSet);
        subscriptionTable = BodyCollections.map(subscriptionTable);
    }
}
