package dev.petrel.client.internal;

import dev.petrel.message.DecodedMessage;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;

import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.Set;

/** A producer or consumer registered with a {@link ClientInstance}. Callbacks come from the instance's threads. */
public interface ClientMember {

    String group();

    /** Topics whose routes the instance keeps fresh for this member. */
    Set<String> topics();

    /** A topic's route was fetched and differs from the one known before (called on the refreshing thread). */
    void routeChanged(String topic, TopicRouteData route);

    /**
     * A broker asks (CHECK_TRANSACTION_STATE) about a half message this producer group sent; called on a callback
     * thread, must not block it. Members that send no transactional messages ignore it.
     *
     * @param brokerAddr the broker that asked, where the answer (END_TRANSACTION) goes
     */
    default void checkTransaction(String brokerAddr, CheckTransactionStateRequestHeader header, DecodedMessage message) {
    }
}
