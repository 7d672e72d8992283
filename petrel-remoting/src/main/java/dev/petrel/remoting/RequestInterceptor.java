package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;

/**
 * A check every request passes before its processor runs (authentication and authorization plug in here). It runs
 * on the processor's executor thread, after the request was queued and before {@link RequestProcessor#process}, so
 * it may take a few microseconds without holding an I/O thread; a server without one pays a single null check.
 *
 * <p>Returning a response refuses the request: that response is sent (nothing for a oneway request) and the
 * processor never runs. An exception is answered SYSTEM_ERROR like a processor's and the processor does not run
 * either, so a failing check never lets a request through.
 */
@FunctionalInterface
public interface RequestInterceptor {

    /**
     * @return null to let the request through, else the refusal to send instead of running the processor (build it
     *     with {@link RemotingCommand#response} on the request)
     */
    RemotingCommand check(RequestContext context, RemotingCommand request) throws Exception;
}
