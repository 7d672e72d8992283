package dev.petrel.protocol.body.route;

import dev.petrel.protocol.body.BodyCodec;

/**
 * GET_BROKER_MEMBER_GROUP (901) response.
 */
public record GetBrokerMemberGroupResponseBody(
    BrokerMemberGroup brokerMemberGroup) {

    public static final BodyCodec<GetBrokerMemberGroupResponseBody> CODEC = BodyCodec.of(GetBrokerMemberGroupResponseBody.class);
}
