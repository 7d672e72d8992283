package dev.petrel.remoting;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;

/**
 * Logs each distinct error once, with its stack trace, and only counts repeats, so a processor failing on every
 * request cannot flood the log. Errors are the same when their class and the top of their stack agree (the message
 * often carries ids and would make every occurrence distinct). Thread-safe; remembers at most 1024 distinct errors.
 */
final class DistinctErrorLog {

    private static final int MAX_DISTINCT = 1024;
    private static final int STACK_DEPTH = 3;

    private final Logger log;
    private final ConcurrentHashMap<String, LongAdder> seen = new ConcurrentHashMap<>();

    DistinctErrorLog(Logger log) {
        this.log = log;
    }

    /** Records {@code error}; logs it when it is new. Returns whether it was logged. */
    boolean record(String context, Throwable error) {
        String key = key(error);
        LongAdder count = seen.get(key);
        if (count == null && seen.size() < MAX_DISTINCT) {
            LongAdder fresh = new LongAdder();
            count = seen.putIfAbsent(key, fresh);
            if (count == null) {
                fresh.increment();
                log.warn("{} (logged once; repeats are only counted)", context, error);
                return true;
            }
        }
        if (count != null) {
            count.increment();
        }
        return false;
    }

    /** How often errors like this one occurred. */
    long count(Throwable error) {
        LongAdder c = seen.get(key(error));
        return c == null ? 0 : c.sum();
    }

    private static String key(Throwable error) {
        StackTraceElement[] stack = error.getStackTrace();
        return error.getClass().getName() + Arrays.toString(Arrays.copyOf(stack, Math.min(STACK_DEPTH, stack.length)));
    }
}
