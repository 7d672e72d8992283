package dev.petrel.remoting;

import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;

/**
 * One received request and the means to answer it. Thread-safe: a processor may hand it to another thread and
 * answer from there.
 */
public interface RequestContext {

    /** The connection the request came on; it can also send requests to the peer. */
    Connection connection();

    /** The peer as {@code host:port}. */
    String remoteAddress();

    RemotingCommand request();

    /** The sender's language, as it declared it in the request. */
    LanguageCode language();

    /** The sender's version ordinal (RemotingVersion), as it declared it in the request. */
    int version();

    /** When the request was decoded, in {@link dev.petrel.common.time.Clock#nanos()} time. */
    long receivedNanos();

    /**
     * Sends the response, unless the request was already answered or is oneway. The response's opaque, response
     * flag and serialize type are set from the request, whatever the processor put there.
     *
     * @return true if this call sent the answer; false if an answer was already given, the request is oneway, or
     *     the connection is gone
     */
    boolean respond(RemotingCommand response);

    /**
     * Like {@link #respond(RemotingCommand)}, with a body written straight from {@code body}'s buffers after the
     * encoded header (no copy). {@code response} must carry no body of its own. {@code body} is released exactly
     * once in every case, including when this returns false.
     */
    boolean respond(RemotingCommand response, ZeroCopyBody body);

    /** Whether an answer was given (or the request is oneway, so none ever will be). */
    boolean isAnswered();
}
