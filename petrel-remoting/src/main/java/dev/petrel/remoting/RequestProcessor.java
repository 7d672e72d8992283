package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;

/**
 * Serves requests of the codes it is registered for. Runs on the threads of its {@link ProcessorExecutor}.
 *
 * <p>A processor answers in one of two ways:
 * <ul>
 *   <li>returns the response (build it with {@link RemotingCommand#response} or {@link RemotingCommand#newResponse}
 *       on the request, so opaque and serialize type carry over; the server fixes them anyway);</li>
 *   <li>returns {@code null} and answers later, from any thread, through {@link RequestContext#respond} (long
 *       polling holds a pull this way). Only the first answer is sent.</li>
 * </ul>
 * For a oneway request nothing is ever sent, whatever the processor returns.
 *
 * <p>An exception becomes a SYSTEM_ERROR response whose remark is the exception's text; it is logged once per
 * distinct error and never closes the connection.
 */
@FunctionalInterface
public interface RequestProcessor {

    RemotingCommand process(RequestContext context, RemotingCommand request) throws Exception;

    /**
     * Whether to decline new requests right now; the server then answers SYSTEM_BUSY with
     * {@code [REJECTREQUEST]system busy, start flow control for a while} without queueing. Called on an I/O thread
     * for every request, so it must be cheap (a volatile read).
     */
    default boolean rejectRequest() {
        return false;
    }
}
