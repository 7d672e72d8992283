package dev.petrel.protocol.body.heartbeat;

import dev.petrel.protocol.body.BodyCodec;

/**
 * CHECK_CLIENT_CONFIG (46) body: the broker checks that it can serve the subscription's expression type and that
 * the expression compiles.
 */
public record CheckClientRequestBody(
    String clientId,
    String group,
    String namespace,
    SubscriptionData subscriptionData) {

    public static final BodyCodec<CheckClientRequestBody> CODEC = BodyCodec.of(CheckClientRequestBody.class);
}
