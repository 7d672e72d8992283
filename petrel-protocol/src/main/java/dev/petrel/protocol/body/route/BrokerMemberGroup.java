package dev.petrel.protocol.body.route;

import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * The members of one broker group (GET_BROKER_MEMBER_GROUP).
 */
public record BrokerMemberGroup(
    Map<Long, String> brokerAddrs,
    String brokerName,
    String cluster) {

    public BrokerMemberGroup {
        brokerAddrs = BodyCollections.map(brokerAddrs);
    }
}
