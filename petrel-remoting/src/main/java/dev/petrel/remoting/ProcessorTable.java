package dev.petrel.remoting;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which processor and executor serve each request code. Filled before the endpoint starts, read-only afterwards
 * (then read by I/O threads without locking). Codes below {@link #DIRECT_CODES} are looked up in an array.
 */
final class ProcessorTable {

    record Entry(RequestProcessor processor, ProcessorExecutor executor) {
    }

    private static final int DIRECT_CODES = 1024;

    private final Entry[] direct = new Entry[DIRECT_CODES];
    private final Map<Integer, Entry> others = new HashMap<>();
    private Entry defaultEntry;
    private RequestInterceptor interceptor;
    private volatile boolean frozen;

    void register(int code, RequestProcessor processor, ProcessorExecutor executor) {
        checkOpen();
        Entry entry = new Entry(processor, executor);
        if (code >= 0 && code < DIRECT_CODES) {
            direct[code] = entry;
        } else {
            others.put(code, entry);
        }
    }

    void registerDefault(RequestProcessor processor, ProcessorExecutor executor) {
        checkOpen();
        defaultEntry = new Entry(processor, executor);
    }

    /** The check every request passes before its processor (one per endpoint; null for none). */
    void setInterceptor(RequestInterceptor value) {
        checkOpen();
        interceptor = value;
    }

    /** The interceptor, or null; read by processor threads after {@link #freeze()}. */
    RequestInterceptor interceptor() {
        return interceptor;
    }

    /** Makes the table read-only; called by the endpoint's start, before any request can arrive. */
    void freeze() {
        frozen = true;
    }

    /** The entry for {@code code}, else the default entry, else null. */
    Entry lookup(int code) {
        Entry e = code >= 0 && code < DIRECT_CODES ? direct[code] : others.get(code);
        return e != null ? e : defaultEntry;
    }

    /** Every distinct executor, for shutdown. */
    Set<ProcessorExecutor> executors() {
        Set<ProcessorExecutor> all = new LinkedHashSet<>();
        for (Entry e : direct) {
            if (e != null) {
                all.add(e.executor());
            }
        }
        others.values().forEach(e -> all.add(e.executor()));
        if (defaultEntry != null) {
            all.add(defaultEntry.executor());
        }
        return all;
    }

    private void checkOpen() {
        if (frozen) {
            throw new IllegalStateException("register processors before start()");
        }
    }
}
