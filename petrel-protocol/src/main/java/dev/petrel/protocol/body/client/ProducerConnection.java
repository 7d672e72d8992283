package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * GET_PRODUCER_CONNECTION_LIST (204) response.
 */
public record ProducerConnection(
    Set<Connection> connectionSet) {

    public static final BodyCodec<ProducerConnection> CODEC = BodyCodec.of(ProducerConnection.class);

    public ProducerConnection {
        connectionSet = BodyCollections.set(connectionSet);
    }
}
