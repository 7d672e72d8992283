package dev.petrel.server.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failed calls of a run: counted, and grouped by what went wrong so the summary can say "312 × BrokerException:
 * [SYSTEM_BUSY] ..." instead of printing 312 lines. Each distinct error is logged once. Any thread records.
 */
final class DistinctErrors {

    private static final Logger LOG = LoggerFactory.getLogger(DistinctErrors.class);
    /** Errors whose text varies (offsets, addresses) must not grow the table without bound. */
    private static final int MAX_KINDS = 16;
    private static final int MAX_TEXT = 160;
    static final String OTHERS = "(other errors)";

    private final LongAdder total = new LongAdder();
    private final LongAdder interval = new LongAdder();
    private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();

    void record(Throwable error) {
        total.increment();
        interval.increment();
        String kind = describe(error);
        LongAdder counter = byKind.get(kind);
        if (counter == null) {
            if (byKind.size() >= MAX_KINDS) {
                kind = OTHERS;
            }
            counter = byKind.computeIfAbsent(kind, k -> {
                LOG.warn("bench: {}", k);
                return new LongAdder();
            });
        }
        counter.increment();
    }

    /** A failure that is not an exception (a send stored without the requested durability). */
    void record(String what) {
        record(new IllegalStateException(what));
    }

    static String describe(Throwable error) {
        Throwable e = error;
        // CompletableFuture wraps the cause; the cause is what a person can act on.
        while ((e instanceof java.util.concurrent.CompletionException
            || e instanceof java.util.concurrent.ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        String text = e.getClass().getSimpleName() + ": " + e.getMessage();
        return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text;
    }

    long total() {
        return total.sum();
    }

    /** Errors since the previous call. Reporting thread only. */
    long rollInterval() {
        return interval.sumThenReset();
    }

    /** Starts the measured count from zero (end of the warm-up). */
    void restart() {
        total.reset();
        byKind.clear();
    }

    /** Count per distinct error, most frequent first. */
    Map<String, Long> kinds() {
        Map<String, Long> out = new LinkedHashMap<>();
        byKind.entrySet().stream()
            .sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
            .forEach(e -> out.put(e.getKey(), e.getValue().sum()));
        return out;
    }
}
