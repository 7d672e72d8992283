package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;

/**
 * QUERY_SUBSCRIPTION_BY_CONSUMER (345) response.
 */
public record QuerySubscriptionResponseBody(
    String group,
    SubscriptionData subscriptionData,
    String topic) {

    public static final BodyCodec<QuerySubscriptionResponseBody> CODEC = BodyCodec.of(QuerySubscriptionResponseBody.class);
}
