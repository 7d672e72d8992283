package dev.petrel.protocol.body.subscription;

/** Retry delay {@code initial * multiplier^attempt} ms, capped at {@code max}. Absent properties take {@link #DEFAULTS}. */
public record ExponentialRetryPolicy(long initial, long max, long multiplier) {

    public static final ExponentialRetryPolicy DEFAULTS = new ExponentialRetryPolicy(5000, 7200000, 2);
}
