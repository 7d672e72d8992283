package dev.petrel.broker.reply;

import dev.petrel.broker.client.ClientSession;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.remoting.Connection;

import java.util.List;

/**
 * Finds the connection of a requesting client by its client id ({@code REPLY_TO_CLIENT}), among the producers
 * registered by heartbeat, as Apache's {@code ProducerManager.findChannel} does. Thread-safe (reads the registry).
 */
public final class ReplyTargets {

    private final ProducerRegistry producers;

    public ReplyTargets(ProducerRegistry producers) {
        this.producers = producers;
    }

    /** A live connection of that client, or null. */
    public Connection find(String clientId) {
        for (List<ClientSession> members : producers.all().values()) {
            for (ClientSession s : members) {
                if (s.clientId().equals(clientId) && s.connection().isActive()) {
                    return s.connection();
                }
            }
        }
        return null;
    }
}
