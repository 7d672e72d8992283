package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The calls on one connection that wait for a response, keyed by opaque.
 *
 * <p>Written by calling threads ({@link #register}), the connection's I/O thread ({@link #complete}), the endpoint's
 * timer thread ({@link #expire}) and whoever closes the connection ({@link #failAll}). Every path removes the entry
 * before completing it, and removal succeeds once, so a response, a timeout and a close can never all complete the
 * same call. Time comes in as a parameter ({@code Clock.nanos()} values), so tests step it.
 */
final class ResponseTable {

    /** One waiting call; {@code timeoutMillis} is the timeout the caller asked for, as error messages state it. */
    record PendingCall(int opaque, int code, long timeoutMillis, long deadlineNanos,
                       CompletableFuture<RemotingCommand> future) {
    }

    private final ConcurrentHashMap<Integer, PendingCall> pending = new ConcurrentHashMap<>();

    /**
     * @param waitMillis          how long from {@code nowNanos} the call may wait
     * @param statedTimeoutMillis the caller's timeout (connecting may have used part of it), for messages
     */
    PendingCall register(int opaque, int code, long nowNanos, long waitMillis, long statedTimeoutMillis) {
        PendingCall call = new PendingCall(opaque, code, statedTimeoutMillis,
            nowNanos + TimeUnit.MILLISECONDS.toNanos(waitMillis), new CompletableFuture<>());
        if (pending.putIfAbsent(opaque, call) != null) {
            // The opaque counter wrapped around onto a call still waiting after 2^32 requests: a bug, not input.
            throw new IllegalStateException("opaque " + opaque + " is already waiting for a response");
        }
        return call;
    }

    /** Completes the call this response answers; false when none waits (late, unknown or duplicate response). */
    boolean complete(RemotingCommand response) {
        PendingCall call = pending.remove(response.opaque());
        if (call == null) {
            return false;
        }
        call.future().complete(response);
        return true;
    }

    /** Fails one call; false when it was already completed. */
    boolean fail(int opaque, Throwable error) {
        return fail(opaque, call -> error);
    }

    /** Fails one call with an error made only if this call wins (so counters bumped there count once). */
    boolean fail(int opaque, Function<PendingCall, Throwable> error) {
        PendingCall call = pending.remove(opaque);
        if (call == null) {
            return false;
        }
        call.future().completeExceptionally(error.apply(call));
        return true;
    }

    /** Fails every call whose deadline is not after {@code nowNanos}; returns how many. */
    int expire(long nowNanos, Function<PendingCall, Throwable> error) {
        int expired = 0;
        for (PendingCall call : pending.values()) {
            if (nowNanos - call.deadlineNanos() >= 0 && pending.remove(call.opaque(), call)) {
                call.future().completeExceptionally(error.apply(call));
                expired++;
            }
        }
        return expired;
    }

    /** Fails every waiting call (the connection closed). */
    int failAll(Function<PendingCall, Throwable> error) {
        int failed = 0;
        for (PendingCall call : pending.values()) {
            if (pending.remove(call.opaque(), call)) {
                call.future().completeExceptionally(error.apply(call));
                failed++;
            }
        }
        return failed;
    }

    int size() {
        return pending.size();
    }
}
