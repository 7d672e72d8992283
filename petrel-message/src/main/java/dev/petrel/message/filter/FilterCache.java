package dev.petrel.message.filter;

import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A bounded cache of compiled filters, rejections included, keyed by (expression type, expression): the broker
 * compiles the same subscription strings on every heartbeat and on pulls that carry their subscription.
 *
 * <p>Thread-safe: any thread may call {@link #compile}. Lookups are lock-free. When the cache is full the oldest
 * entry leaves (first in, first out): subscriptions are few and long-lived, so recency tracking would cost every
 * lookup for no gain. Two threads missing on the same key may both compile it; compiling is pure, so the first
 * stored result wins and the other is dropped. The size may briefly exceed the bound by the number of threads
 * inserting at once.
 *
 * <p>Expressions longer than {@link #MAX_CACHED_EXPRESSION_CHARS} are compiled every time and never kept, so peers
 * cannot make the cache hold more memory than {@code maxEntries} ordinary subscriptions.
 */
public final class FilterCache {

    /** Longest expression (in chars) the cache keeps. */
    public static final int MAX_CACHED_EXPRESSION_CHARS = 8192;

    private record Key(String expressionType, String expression) {
    }

    private final int maxEntries;
    private final ConcurrentHashMap<Key, FilterCompilation> entries = new ConcurrentHashMap<>();
    private final Queue<Key> insertionOrder = new ConcurrentLinkedQueue<>();

    /**
     * @param maxEntries how many compilations to keep, at least 1 (RocketMQ keeps 100)
     */
    public FilterCache(int maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
        }
        this.maxEntries = maxEntries;
    }

    /** Like {@link FilterCompiler#compile}, answered from the cache when possible. */
    public FilterCompilation compile(String expressionType, String expression) {
        if (expression != null && expression.length() > MAX_CACHED_EXPRESSION_CHARS) {
            return FilterCompiler.compile(expressionType, expression);
        }
        Key key = new Key(FilterCompiler.isTagType(expressionType) ? MessageFilter.TAG : expressionType, expression);
        FilterCompilation cached = entries.get(key);
        if (cached != null) {
            return cached;
        }
        FilterCompilation compiled = FilterCompiler.compile(expressionType, expression);
        FilterCompilation raced = entries.putIfAbsent(key, compiled);
        if (raced != null) {
            return raced;
        }
        insertionOrder.add(key);
        while (entries.size() > maxEntries) {
            Key oldest = insertionOrder.poll();
            if (oldest == null) {
                break;
            }
            entries.remove(oldest);
        }
        return compiled;
    }

    /** Number of cached compilations. */
    public int size() {
        return entries.size();
    }
}
