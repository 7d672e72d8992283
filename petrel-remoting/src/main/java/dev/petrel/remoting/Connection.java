package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One TCP connection to a peer, seen from either end. Both ends may send requests over it: a broker calls
 * GET_CONSUMER_RUNNING_INFO on a client's connection while that client sends pulls the other way; the response bit
 * tells each frame apart and opaques are matched per connection.
 *
 * <p>Identity is the connection: equal only to itself, so it can key a map of per-client state. Thread-safe.
 */
public interface Connection {

    /** A number unique among the connections of this JVM, for logs. */
    long id();

    /** The peer as {@code host:port}, e.g. {@code 127.0.0.1:53211}. */
    String remoteAddress();

    /** The local end as {@code host:port}. */
    String localAddress();

    /** False once the connection is closed; it never reopens (a client connects anew instead). */
    boolean isActive();

    /**
     * Sends {@code request} and waits for its response. The opaque is assigned here; the response's code says
     * whether the peer succeeded.
     *
     * @throws RemotingTimeoutException no response within {@code timeoutMillis}
     * @throws RemotingSendException    the request could not be written, or the connection closed first
     * @throws RemotingClosedException  this endpoint is shut down
     */
    RemotingCommand invokeSync(RemotingCommand request, long timeoutMillis) throws RemotingException, InterruptedException;

    /**
     * Sends {@code request}; the future completes with the response, or exceptionally with a
     * {@link RemotingException} (timeout, send failure, closed, too many requests). Dependent actions run on the
     * endpoint's callback threads, never on an I/O thread. May block the caller up to {@code timeoutMillis} while
     * the in-flight limit (async semaphore) is exhausted.
     */
    CompletableFuture<RemotingCommand> invokeAsync(RemotingCommand request, long timeoutMillis);

    /**
     * Sends {@code request} marked oneway and returns once it is queued for writing; no response will come. Blocks
     * up to {@code timeoutMillis} while the oneway in-flight limit is exhausted.
     *
     * @throws RemotingTooManyRequestsException no oneway permit within {@code timeoutMillis}
     * @throws RemotingSendException            the connection is closed
     */
    void invokeOneway(RemotingCommand request, long timeoutMillis) throws RemotingException, InterruptedException;

    /**
     * Sends {@code requests} marked oneway, in order, as {@link #invokeOneway} does each. An implementation may write
     * them together and flush the socket once (Netty's does: one hand-off to the I/O thread and one system call for
     * the lot), which is what a caller draining a queue of messages wants. A failure leaves the requests before the
     * failing one sent.
     */
    default void invokeOneways(List<RemotingCommand> requests, long timeoutMillis)
        throws RemotingException, InterruptedException {
        for (RemotingCommand r : requests) {
            invokeOneway(r, timeoutMillis);
        }
    }

    /** Closes the connection; pending calls on it fail, listeners hear {@code closed}. */
    void close();
}
