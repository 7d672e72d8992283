package dev.petrel.apachebench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;

/**
 * Failed calls, counted by kind: the exception's class, the broker's response code when it gave one, and the first
 * line of its message with every number replaced by '#' (Apache's texts carry queue sizes and times:
 * "[TIMEOUT_CLEAN_QUEUE]broker busy, ... period in queue: 221ms"), so 191 refusals are one kind, not 191. At most
 * {@link #MAX_KINDS} kinds; later ones are counted under {@link #OTHERS}. Any thread records.
 */
final class ErrorKinds {

    static final int MAX_KINDS = 16;
    static final String OTHERS = "(other errors)";
    private static final int MAX_TEXT = 200;

    private final Map<String, LongAdder> byKind = new ConcurrentHashMap<>();
    private final LongAdder total = new LongAdder();
    private final LongAdder interval = new LongAdder();

    void record(Throwable error) {
        record(kind(error));
    }

    void record(String kind) {
        total.increment();
        interval.increment();
        String key = byKind.size() >= MAX_KINDS && !byKind.containsKey(kind) ? OTHERS : kind;
        byKind.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    static String kind(Throwable error) {
        Throwable e = error;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        StringBuilder kind = new StringBuilder(e.getClass().getSimpleName());
        if (e instanceof MQBrokerException b) {
            kind.append(" code ").append(b.getResponseCode());
        } else if (e instanceof MQClientException c && c.getResponseCode() > 0) {
            kind.append(" code ").append(c.getResponseCode());
        }
        String text = e.getMessage();
        if (text != null && !text.isBlank()) {
            int newline = text.indexOf('\n');
            text = (newline < 0 ? text : text.substring(0, newline)).replaceAll("[0-9]+", "#").strip();
            kind.append(": ").append(text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) + "..." : text);
        }
        return kind.toString();
    }

    long total() {
        return total.sum();
    }

    long rollInterval() {
        return interval.sumThenReset();
    }

    void restart() {
        total.reset();
        byKind.clear();
    }

    /** Count per kind, most frequent first. */
    Map<String, Long> kinds() {
        Map<String, Long> out = new LinkedHashMap<>();
        byKind.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue().sum(), a.getValue().sum()))
            .forEach(e -> out.put(e.getKey(), e.getValue().sum()));
        return out;
    }
}
