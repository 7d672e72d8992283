package dev.petrel.broker.auth;

import dev.petrel.common.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts refused requests by reason and logs each (source IP, reason) pair once per {@link #LOG_INTERVAL_MILLIS},
 * with how many were not logged since, so a client retrying with a wrong secret cannot flood the log. Log lines name
 * the source, the reason, the request code and the user name (printable, shortened); never a signature or a secret.
 *
 * <p>Threads: any request thread; counters are {@link LongAdder}s, the last-logged times a concurrent map bounded at
 * {@link #MAX_SOURCES} keys (cleared when full, which at worst logs a pair again early).
 */
public final class AuthFailures {

    /** Why a request was refused. */
    public enum Reason {
        NO_ACCESS_KEY, UNKNOWN_USER, DISABLED_USER, BAD_SIGNATURE, BAD_REQUEST, NOT_AUTHORIZED
    }

    static final long LOG_INTERVAL_MILLIS = 60_000;
    static final int MAX_SOURCES = 4096;
    private static final int MAX_PRINTED = 64;
    private static final Logger LOG = LoggerFactory.getLogger("dev.petrel.broker.auth.audit");

    private final Clock clock;
    private final EnumMap<Reason, LongAdder> counts = new EnumMap<>(Reason.class);
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    private static final class Window {
        final AtomicLong lastLogged = new AtomicLong(Long.MIN_VALUE);
        final LongAdder suppressed = new LongAdder();
    }

    public AuthFailures(Clock clock) {
        this.clock = clock;
        for (Reason r : Reason.values()) {
            counts.put(r, new LongAdder());
        }
    }

    /**
     * Counts one refusal and logs it unless this source was logged for this reason within the interval.
     *
     * @return whether this refusal was logged
     */
    public boolean record(Reason reason, String sourceIp, int requestCode, String username, String remark) {
        counts.get(reason).increment();
        String key = sourceIp + '|' + reason;
        if (windows.size() >= MAX_SOURCES && !windows.containsKey(key)) {
            windows.clear();
        }
        Window w = windows.computeIfAbsent(key, k -> new Window());
        long now = clock.millis();
        long last = w.lastLogged.get();
        if (last != Long.MIN_VALUE && now - last < LOG_INTERVAL_MILLIS) {
            w.suppressed.increment();
            return false;
        }
        if (!w.lastLogged.compareAndSet(last, now)) {
            w.suppressed.increment();
            return false;
        }
        long skipped = w.suppressed.sumThenReset();
        LOG.warn("refused request code {} from {} ({}, user {}): {}{}", requestCode, sourceIp, reason,
            username == null ? "none" : printable(username), remark,
            skipped == 0 ? "" : " (" + skipped + " more from this source for this reason since the last report)");
        return true;
    }

    /** Refusals so far by reason (for metrics). */
    public Map<Reason, Long> counts() {
        EnumMap<Reason, Long> out = new EnumMap<>(Reason.class);
        counts.forEach((r, n) -> out.put(r, n.sum()));
        return out;
    }

    public long count(Reason reason) {
        return counts.get(reason).sum();
    }

    /** {@code text} safe for a log line or remark: control characters replaced, at most 64 characters. */
    static String printable(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(Math.min(text.length(), MAX_PRINTED) + 3);
        for (int i = 0; i < text.length() && i < MAX_PRINTED; i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        if (text.length() > MAX_PRINTED) {
            b.append("...");
        }
        return b.toString();
    }
}
