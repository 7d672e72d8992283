package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * GET_TOPICS_BY_CLUSTER (224) request.
 */
public record GetTopicsByClusterRequestHeader(
    @Required String cluster) {
}
