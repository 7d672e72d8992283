package dev.petrel.broker.ha;

/**
 * Bytes moved in the last whole second (RocketMQ's FlowMonitor {@code transferredByteInSecond}, which a thread resets
 * every second; here the windows roll on the next call instead, so no thread is needed). Windows are whole seconds
 * counted from the creation time; a second in which nothing moved reads 0.
 *
 * <p>Threading: one writer (a connection's thread calls {@link #add}) and any reader; the monitor guards both.
 */
public final class TransferRate {

    private static final long WINDOW_MILLIS = 1000;

    private long windowStart;
    private long current;
    private long previous;

    public TransferRate(long nowMillis) {
        this.windowStart = nowMillis;
    }

    public synchronized void add(long bytes, long nowMillis) {
        roll(nowMillis);
        current += bytes;
    }

    /** The bytes of the last whole second before {@code nowMillis}. */
    public synchronized long perSecond(long nowMillis) {
        roll(nowMillis);
        return previous;
    }

    private void roll(long now) {
        long elapsed = now - windowStart;
        if (elapsed < WINDOW_MILLIS) {
            return;
        }
        previous = elapsed < 2 * WINDOW_MILLIS ? current : 0;
        current = 0;
        windowStart = now - elapsed % WINDOW_MILLIS;
    }
}
