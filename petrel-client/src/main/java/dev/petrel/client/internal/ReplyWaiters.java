package dev.petrel.client.internal;

import dev.petrel.client.ReceivedMessage;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Requests of this client instance waiting for their replies, by correlation id: PUSH_REPLY_MESSAGE_TO_CLIENT
 * completes them. Entries leave the table when completed, failed or timed out. Thread-safe.
 */
public final class ReplyWaiters {

    private final ConcurrentHashMap<String, CompletableFuture<ReceivedMessage>> waiting = new ConcurrentHashMap<>();

    /** Registers a request; the returned future is removed from the table however it completes. */
    public CompletableFuture<ReceivedMessage> register(String correlationId) {
        CompletableFuture<ReceivedMessage> f = new CompletableFuture<>();
        waiting.put(correlationId, f);
        f.whenComplete((r, t) -> waiting.remove(correlationId, f));
        return f;
    }

    /** False when no request waits for this id (it timed out, or the reply is not for this client). */
    boolean complete(String correlationId, ReceivedMessage reply) {
        CompletableFuture<ReceivedMessage> f = correlationId == null ? null : waiting.get(correlationId);
        return f != null && f.complete(reply);
    }

    public int size() {
        return waiting.size();
    }
}
