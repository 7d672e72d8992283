package dev.petrel.broker.filter;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * SQL92 evaluations that failed (a value that cannot be converted for a comparison, such as {@code a > 5} on
 * {@code a=5.5}): the message does not match and the pull goes on, as in Apache. Apache logs every failure at ERROR;
 * a consumer with such an expression would flood the log with one line per message per pull. Petrel counts every
 * failure and logs each distinct one (group, topic, expression, reason) once.
 *
 * <p>Thread-safe: pull threads record concurrently. At most {@link #MAX_DISTINCT} distinct failures are remembered;
 * beyond that failures are only counted (and that is logged once).
 */
public final class EvaluationErrors {

    private static final Logger LOG = LoggerFactory.getLogger(EvaluationErrors.class);
    static final int MAX_DISTINCT = 1024;

    private final LongAdder count = new LongAdder();
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean overflowLogged = new AtomicBoolean();

    /** One failed evaluation of {@code expression} (of {@code group} on {@code topic}) because of {@code reason}. */
    public void record(String group, String topic, String expression, String reason) {
        count.increment();
        if (seen.size() >= MAX_DISTINCT) {
            if (overflowLogged.compareAndSet(false, true)) {
                LOG.warn("{} distinct SQL92 evaluation errors logged; further ones are only counted", MAX_DISTINCT);
            }
            return;
        }
        if (seen.add(group + '\n' + topic + '\n' + expression + '\n' + reason)) {
            LOG.warn("SQL92 filter [{}] of consumer group {} on topic {} failed on a message, which therefore does not "
                + "match (logged once; later failures are counted): {}", expression, group, topic, reason);
        }
    }

    /** Failed evaluations so far. */
    public long count() {
        return count.sum();
    }

    /** Distinct failures logged so far. */
    public int distinct() {
        return seen.size();
    }
}
