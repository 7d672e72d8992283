package dev.petrel.broker.dledger;

import dev.petrel.raft.message.RaftMessage;

import java.util.function.Consumer;

/**
 * How a {@link RaftLoop} talks to its peers. {@link #send} never blocks and may drop (Raft retries whatever is lost);
 * received messages go to the consumer given to {@link #start}, on a transport thread.
 */
public interface RaftTransport extends AutoCloseable {

    /** Starts listening and delivers every message received from a peer to {@code inbound}. */
    void start(Consumer<RaftMessage> inbound);

    /** Queues {@code message} for node {@code to}; drops it when that peer's queue is full or the peer is down. */
    void send(int to, RaftMessage message);

    /** Stops listening and sending; queued messages are dropped. */
    @Override
    void close();
}
