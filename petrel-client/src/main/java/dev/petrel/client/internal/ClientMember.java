package dev.petrel.client.internal;

import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.Set;

/** A producer or consumer registered with a {@link ClientInstance}. Callbacks come from the instance's threads. */
public interface ClientMember {

    String group();

    /** Topics whose routes the instance keeps fresh for this member. */
    Set<String> topics();

    /** A topic's route was fetched and differs from the one known before (called on the refreshing thread). */
    void routeChanged(String topic, TopicRouteData route);
}
