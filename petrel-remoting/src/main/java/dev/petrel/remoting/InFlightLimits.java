package dev.petrel.remoting;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Caps the async and oneway calls one endpoint has in flight (RocketMQ's client/server async and oneway semaphores).
 * A permit is taken before a request is written and returned when its response arrives, it fails, or (oneway) it
 * is written. Thread-safe.
 */
final class InFlightLimits {

    private final Semaphore async;
    private final int asyncPermits;
    private final String asyncProperty;
    private final Semaphore oneway;
    private final int onewayPermits;
    private final String onewayProperty;

    InFlightLimits(int asyncPermits, String asyncProperty, int onewayPermits, String onewayProperty) {
        this.async = new Semaphore(asyncPermits);
        this.asyncPermits = asyncPermits;
        this.asyncProperty = asyncProperty;
        this.oneway = new Semaphore(onewayPermits);
        this.onewayPermits = onewayPermits;
        this.onewayProperty = onewayProperty;
    }

    /** Waits up to {@code waitMillis} for a permit; {@code statedMillis} is the caller's timeout, for the message. */
    void acquireAsync(long waitMillis, long statedMillis, String call)
        throws RemotingTooManyRequestsException, InterruptedException {
        acquire(async, asyncPermits, asyncProperty, "async", waitMillis, statedMillis, call);
    }

    void releaseAsync() {
        async.release();
    }

    void acquireOneway(long waitMillis, long statedMillis, String call)
        throws RemotingTooManyRequestsException, InterruptedException {
        acquire(oneway, onewayPermits, onewayProperty, "oneway", waitMillis, statedMillis, call);
    }

    /** A oneway permit if one is free now, without waiting. */
    boolean tryAcquireOneway() {
        return oneway.tryAcquire();
    }

    void releaseOneway() {
        oneway.release();
    }

    int asyncAvailable() {
        return async.availablePermits();
    }

    int onewayAvailable() {
        return oneway.availablePermits();
    }

    private static void acquire(Semaphore semaphore, int permits, String property, String kind, long waitMillis,
                                long statedMillis, String call)
        throws RemotingTooManyRequestsException, InterruptedException {
        if (!semaphore.tryAcquire(Math.max(0, waitMillis), TimeUnit.MILLISECONDS)) {
            throw new RemotingTooManyRequestsException("too many " + kind + " calls in flight: all " + permits
                + " permits (" + property + ") stayed taken for " + statedMillis + " ms; not sent: " + call);
        }
    }
}
