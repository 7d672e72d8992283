package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;

/**
 * Rewrites every request a {@link RemotingClient} sends, just before it is sent (request signing plugs in here, as
 * RocketMQ's client RPC hooks do). Runs on the calling thread; it must be fast and must not block.
 */
@FunctionalInterface
public interface OutboundRequestHook {

    /** The request to send to {@code address} instead of {@code request} (return it unchanged to send as is). */
    RemotingCommand beforeSend(String address, RemotingCommand request);
}
