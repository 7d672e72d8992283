package dev.petrel.broker.filter;

import dev.petrel.message.filter.FilterCache;
import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The SQL92 filters of the consumer groups by (topic, group), registered from heartbeats (Apache's
 * {@code ConsumerFilterManager}, sql92-filter.md §4). A pull without its own subscription filters with the entry
 * found here: none is FILTER_DATA_NOT_EXIST, an entry older than the pull's {@code subVersion} is
 * FILTER_DATA_NOT_LATEST. TAG subscriptions are never registered (the ConsumeQueue tag code filters them).
 *
 * <p>Registration follows Apache's rules: an expression that does not compile registers nothing (and removes an
 * older, different expression of the group, so its pulls fail instead of filtering by a stale expression); a
 * heartbeat with a version not newer than the entry's changes nothing, except that it brings a dead entry of the same
 * version back; a newer version replaces the expression, or only raises the version when the expression is the same.
 * Topics that leave a group's subscriptions, and groups that lose their last member, leave their entries dead;
 * dead entries keep answering pulls and are removed {@code filterDataCleanTimeSpan} after they died.
 *
 * <p>Not persisted. Apache writes {@code config/consumerFilter.json} to keep its bloom-filter bookkeeping (when each
 * filter was born and died) across restarts; Petrel builds no bloom bitmaps, and after a restart a pull finds its
 * group unknown (SUBSCRIPTION_NOT_EXIST) until the consumer's next heartbeat, which registers the filter again before
 * the filter is ever looked up.
 *
 * <p>Threads: heartbeat and client-management threads register and unregister (each (topic, group) entry is changed
 * atomically with {@code compute}); pull threads read lock-free. Time is the broker's liveness clock, passed in.
 */
public final class ConsumerFilterTable {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerFilterTable.class);
    /** Dead groups are looked for at most this often (heartbeats drive the sweep). */
    static final long SWEEP_INTERVAL_MILLIS = 10_000;
    private static final int MAX_LOGGED_REJECTIONS = 1024;

    private record Key(String topic, String group) {
    }

    private final ConcurrentHashMap<Key, ConsumerFilter> filters = new ConcurrentHashMap<>();
    private final FilterCache compiler;
    private final Predicate<String> groupAlive;
    private final long cleanSpanMillis;
    private final Set<String> loggedRejections = ConcurrentHashMap.newKeySet();
    private volatile long lastSweepMillis;

    /**
     * @param compiler        the broker's filter cache (heartbeats repeat the same expressions)
     * @param groupAlive      whether a consumer group still has a live member (the consumer registry)
     * @param cleanSpanMillis how long a dead entry stays ({@code filterDataCleanTimeSpan})
     */
    public ConsumerFilterTable(FilterCache compiler, Predicate<String> groupAlive, long cleanSpanMillis) {
        this.compiler = compiler;
        this.groupAlive = groupAlive;
        this.cleanSpanMillis = cleanSpanMillis;
    }

    /**
     * A heartbeat's subscriptions of {@code group}: registers each SQL92 one, and marks dead the group's entries for
     * topics it no longer subscribes. Also sweeps dead groups now and then ({@link #sweep}).
     */
    public void register(String group, Collection<SubscriptionData> subscriptions, long now) {
        Set<String> topics = new HashSet<>();
        for (SubscriptionData s : subscriptions) {
            topics.add(s.topic());
            register(s.topic(), group, s.expressionType(), s.subString(), s.subVersion(), now);
        }
        for (Key key : keysOf(group)) {
            if (!topics.contains(key.topic())) {
                filters.computeIfPresent(key, (k, f) -> {
                    if (f.isDead()) {
                        return f;
                    }
                    LOG.info("consumer filter {} is dead: the group no longer subscribes the topic", f);
                    return f.deadSince(now);
                });
            }
        }
        if (now - lastSweepMillis >= SWEEP_INTERVAL_MILLIS) {
            sweep(now);
        }
    }

    /**
     * Registers one subscription. Returns whether the table changed (a new entry, a new version, or a dead entry
     * brought back). TAG subscriptions and empty expressions register nothing.
     */
    public boolean register(String topic, String group, String type, String expression, long clientVersion, long now) {
        if (FilterCompiler.isTagType(type) || expression == null || expression.isEmpty()) {
            return false;
        }
        boolean[] changed = {false};
        filters.compute(new Key(topic, group), (k, old) -> {
            if (old != null && clientVersion <= old.clientVersion()) {
                if (!type.equals(old.expressionType()) || !expression.equals(old.expression())) {
                    LOG.debug("ignored filter [{}] of {} for {}: its version {} is not newer than {}", expression,
                        group, topic, clientVersion, old.clientVersion());
                }
                if (clientVersion == old.clientVersion() && old.isDead()) {
                    changed[0] = true;
                    return old.alive();
                }
                return old;
            }
            if (old != null && type.equals(old.expressionType()) && expression.equals(old.expression())) {
                changed[0] = true;
                return old.withVersion(clientVersion);
            }
            FilterCompilation compiled = compiler.compile(type, expression);
            if (!compiled.isValid()) {
                logRejection(topic, group, compiled);
                changed[0] = old != null;
                return null;
            }
            changed[0] = true;
            ConsumerFilter created = new ConsumerFilter(topic, group, compiled.filter(), clientVersion, now, 0);
            LOG.info("consumer filter registered: {}", created);
            return created;
        });
        return changed[0];
    }

    /** The group lost its last member: its entries die now (they stay readable until cleaned). */
    public void unregister(String group, long now) {
        for (Key key : keysOf(group)) {
            filters.computeIfPresent(key, (k, f) -> f.isDead() ? f : f.deadSince(now));
        }
    }

    /** The registered filter of {@code group} for {@code topic}, dead or alive; null if none. */
    public ConsumerFilter get(String topic, String group) {
        return filters.get(new Key(topic, group));
    }

    /**
     * Marks dead the entries of groups without a live member (members that disconnected or expired leave no
     * unregister call behind), and removes entries dead for {@code filterDataCleanTimeSpan} or longer.
     */
    public void sweep(long now) {
        lastSweepMillis = now;
        for (Key key : List.copyOf(filters.keySet())) {
            filters.computeIfPresent(key, (k, f) -> {
                if (!f.isDead()) {
                    return groupAlive.test(k.group()) ? f : f.deadSince(now);
                }
                if (now - f.deadMillis() >= cleanSpanMillis) {
                    LOG.info("consumer filter {} removed: dead for {} ms", f, now - f.deadMillis());
                    return null;
                }
                return f;
            });
        }
    }

    /** Number of entries, dead ones included. */
    public int size() {
        return filters.size();
    }

    private List<Key> keysOf(String group) {
        List<Key> keys = new ArrayList<>();
        for (Key k : filters.keySet()) {
            if (k.group().equals(group)) {
                keys.add(k);
            }
        }
        return keys;
    }

    private void logRejection(String topic, String group, FilterCompilation compiled) {
        String text = compiled.error().map(e -> e.message()).orElse("?");
        if (loggedRejections.size() < MAX_LOGGED_REJECTIONS && loggedRejections.add(group + '\n' + topic + '\n' + text)) {
            LOG.warn("consumer group {} subscribes {} with a filter that does not compile, so its pulls are refused "
                + "(FILTER_DATA_NOT_EXIST): {}", group, topic, text);
        }
    }
}
