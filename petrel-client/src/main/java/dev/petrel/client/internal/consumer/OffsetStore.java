package dev.petrel.client.internal.consumer;

import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;
import java.util.Set;

/**
 * Where a consumer keeps its consumed offsets (flows.md §9): on the brokers for clustering ({@link
 * RemoteOffsetStore}), in a local file for broadcasting ({@link LocalOffsetStore}). The in-memory offset of a queue is
 * the next offset to consume. Thread-safe.
 */
public interface OffsetStore {

    /** Reads what is stored locally (broadcasting); nothing for the broker store. */
    void load();

    void update(MessageQueue mq, long offset, boolean increaseOnly);

    /** The in-memory offset, -1 when unknown. */
    long readMemory(MessageQueue mq);

    /** The stored offset (asks the broker for clustering; also sets the in-memory one), -1 when none is stored. */
    long readStore(MessageQueue mq);

    /** Commits the in-memory offsets of {@code queues} (oneway to brokers, or a file write). */
    void persistAll(Set<MessageQueue> queues);

    /** Commits one queue's in-memory offset and waits for the broker's answer. */
    void persistSync(MessageQueue mq);

    /** Forgets a queue's in-memory offset (the queue went to another member). */
    void remove(MessageQueue mq);

    /** The in-memory offsets of the given queues. */
    Map<MessageQueue, Long> snapshot(Set<MessageQueue> queues);

    /** The stored offset without touching the in-memory one; -1 when none is stored. */
    long peekStore(MessageQueue mq);
}
