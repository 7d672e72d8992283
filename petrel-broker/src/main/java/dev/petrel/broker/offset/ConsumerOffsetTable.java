package dev.petrel.broker.offset;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Committed consumer offsets, keyed like Apache's {@code ConsumerOffsetManager}: {@code topic@group} → queue id →
 * offset, persisted to {@code config/consumerOffset.json} by {@link #persist()} (every
 * {@code flushConsumerOffsetInterval} and at shutdown) through a {@link ConfigFile}, so a crash leaves the previous
 * or the new file, never a torn one.
 *
 * <p>Also keeps, in memory only, the last pulled offset per queue (for consume statistics) and pending server-side
 * resets ({@code useServerSideResetOffset}): a reset is handed to the consumer on its next pull as
 * PULL_OFFSET_MOVED, and until then commits of that queue are ignored.
 *
 * <p>Threads: pull, consumer-management and admin threads write entries concurrently; each entry is one slot of a
 * per-{@code topic@group} {@link ConcurrentHashMap} created with {@code computeIfAbsent}, so no commit is lost and the
 * last writer wins, as in Apache. A commit that must yield to a pending reset ({@link #commitUnlessReset}) checks the
 * reset inside the slot's {@code compute}, and {@link #assignReset} records the reset before it writes the slot, so a
 * commit racing a reset can never overwrite it. {@link #persist()} runs on the housekeeping thread (or the closing
 * thread) and is serialised by this object's monitor; it writes a snapshot, and the change counter makes a commit
 * that lands during the write be written next time.
 */
public final class ConsumerOffsetTable {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerOffsetTable.class);
    public static final String SEPARATOR = "@";

    private final ConfigFile file;
    private final Clock clock;
    private final ConcurrentHashMap<String, ConcurrentMap<Integer, Long>> offsets = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ConcurrentMap<Integer, Long>> pulled = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ConcurrentMap<Integer, Long>> resets = new ConcurrentHashMap<>();
    /** Counts changes; the data version's counter follows it, as Apache's persisted version does. */
    private final AtomicLong changes = new AtomicLong();
    private long persistedChanges = -1;
    private volatile DataVersion dataVersion;

    public ConsumerOffsetTable(ConfigFile file, Clock clock) {
        this.file = file;
        this.clock = clock;
        this.dataVersion = DataVersion.initial(clock.millis());
    }

    public static String key(String topic, String group) {
        return topic + SEPARATOR + group;
    }

    public synchronized void load() {
        ConsumerOffsetSerializeWrapper stored = file.load(ConsumerOffsetSerializeWrapper.CODEC::decode);
        if (stored != null) {
            stored.offsetTable().forEach((k, v) -> offsets.put(k, new ConcurrentHashMap<>(v)));
            if (stored.dataVersion() != null) {
                dataVersion = stored.dataVersion();
            }
        }
        LOG.info("loaded offsets of {} topic@group pairs from {}", offsets.size(), file.path());
    }

    /** Stores a committed offset. */
    public void commit(String group, String topic, int queueId, long offset) {
        Long previous = offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>()).put(queueId, offset);
        if (previous == null || previous != offset) {
            changes.incrementAndGet(); // consumers re-commit unchanged offsets every 5 s; those need no file write
        }
    }

    /**
     * Stores a committed offset unless a server-side reset of the queue is pending: the reset wins until the
     * consumer's next pull takes it. Atomic against {@link #assignReset}.
     *
     * @return false when the commit was ignored because of a pending reset
     */
    public boolean commitUnlessReset(String group, String topic, int queueId, long offset) {
        boolean[] applied = {false};
        boolean[] changed = {false};
        offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>()).compute(queueId, (q, old) -> {
            if (hasPendingReset(group, topic, q)) {
                return old;
            }
            applied[0] = true;
            changed[0] = old == null || old != offset;
            return offset;
        });
        if (changed[0]) {
            changes.incrementAndGet();
        }
        return applied[0];
    }

    /**
     * Sets a queue's committed offset to {@code value} only if it is still {@code expected} (-1: absent), atomically
     * against commits: a slave adopting its master's offset never overwrites a commit that raced with it.
     *
     * @param topicAtGroup a {@link #key} as GET_ALL_CONSUMER_OFFSET carries it
     * @return whether the offset was set
     */
    public boolean replaceIf(String topicAtGroup, int queueId, long expected, long value) {
        boolean[] set = {false};
        offsets.computeIfAbsent(topicAtGroup, k -> new ConcurrentHashMap<>()).compute(queueId, (q, old) -> {
            long current = old == null ? -1 : old;
            if (current != expected) {
                return old;
            }
            set[0] = true;
            return value;
        });
        if (set[0] && expected != value) {
            changes.incrementAndGet();
        }
        return set[0];
    }

    /** The committed offset under a {@link #key}, or -1. */
    public long query(String topicAtGroup, int queueId) {
        ConcurrentMap<Integer, Long> m = offsets.get(topicAtGroup);
        Long v = m == null ? null : m.get(queueId);
        return v == null ? -1 : v;
    }

    /** Records how far a queue was pulled (statistics only). */
    public void commitPulled(String group, String topic, int queueId, long nextOffset) {
        pulled.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>()).put(queueId, nextOffset);
    }

    /** The committed offset, or -1 when there is none. */
    public long query(String group, String topic, int queueId) {
        ConcurrentMap<Integer, Long> m = offsets.get(key(topic, group));
        if (m == null) {
            return -1;
        }
        Long v = m.get(queueId);
        return v == null ? -1 : v;
    }

    /** The last pulled offset, or -1. */
    public long queryPulled(String group, String topic, int queueId) {
        ConcurrentMap<Integer, Long> m = pulled.get(key(topic, group));
        if (m == null) {
            return -1;
        }
        Long v = m.get(queueId);
        return v == null ? -1 : v;
    }

    /** Queue id → committed offset of one topic and group (a copy; empty when none). */
    public Map<Integer, Long> queueOffsets(String group, String topic) {
        ConcurrentMap<Integer, Long> m = offsets.get(key(topic, group));
        return m == null ? Map.of() : new TreeMap<>(m);
    }

    /**
     * Records a server-side reset: the committed offset changes now (if the group has one for the queue) and the
     * next pull of the queue answers PULL_OFFSET_MOVED with it. The reset is recorded before the offset is written,
     * so a concurrent {@link #commitUnlessReset} either runs first (and is overwritten) or sees the reset.
     */
    public void assignReset(String group, String topic, int queueId, long offset) {
        if (queueId < 0 || offset < 0) {
            return;
        }
        String k = key(topic, group);
        resets.computeIfAbsent(k, x -> new ConcurrentHashMap<>()).put(queueId, offset);
        ConcurrentMap<Integer, Long> current = offsets.get(k);
        if (current != null) {
            current.put(queueId, offset);
            changes.incrementAndGet();
        }
    }

    public boolean hasPendingReset(String group, String topic, int queueId) {
        ConcurrentMap<Integer, Long> m = resets.get(key(topic, group));
        return m != null && m.containsKey(queueId);
    }

    /** Takes the pending reset of a queue, or null. */
    public Long takeReset(String group, String topic, int queueId) {
        ConcurrentMap<Integer, Long> m = resets.get(key(topic, group));
        return m == null ? null : m.remove(queueId);
    }

    /** Groups with offsets for {@code topic}. */
    public Set<String> groupsOf(String topic) {
        Set<String> out = new TreeSet<>();
        for (String k : offsets.keySet()) {
            if (topic.equals(topicOf(k))) {
                out.add(groupOf(k));
            }
        }
        return out;
    }

    /** Topics with offsets of {@code group}. */
    public Set<String> topicsOf(String group) {
        Set<String> out = new TreeSet<>();
        for (String k : offsets.keySet()) {
            if (group.equals(groupOf(k))) {
                out.add(topicOf(k));
            }
        }
        return out;
    }

    /** Forgets every offset of a topic (topic deleted). */
    public void removeTopic(String topic) {
        for (Map<String, ConcurrentMap<Integer, Long>> m : java.util.List.of(offsets, pulled, resets)) {
            m.keySet().removeIf(k -> topic.equals(topicOf(k)));
        }
        changes.incrementAndGet();
    }

    /** Forgets every offset of a group (group deleted with cleanOffset). */
    public void removeGroup(String group) {
        for (Map<String, ConcurrentMap<Integer, Long>> m : java.util.List.of(offsets, pulled, resets)) {
            m.keySet().removeIf(k -> group.equals(groupOf(k)));
        }
        changes.incrementAndGet();
    }

    /** Topic part of a {@code topic@group} key (names cannot contain '@'). */
    private static String topicOf(String key) {
        int at = key.indexOf(SEPARATOR);
        return at < 0 ? null : key.substring(0, at);
    }

    private static String groupOf(String key) {
        int at = key.indexOf(SEPARATOR);
        return at < 0 ? null : key.substring(at + 1);
    }

    /** Every committed offset: {@code topic@group} → queue → offset (sorted copy). */
    public Map<String, Map<Integer, Long>> all() {
        Map<String, Map<Integer, Long>> out = new TreeMap<>();
        offsets.forEach((k, v) -> out.put(k, new TreeMap<>(v)));
        return Collections.unmodifiableMap(out);
    }

    public DataVersion dataVersion() {
        return dataVersion;
    }

    /** Writes the file if anything changed since the last write. */
    public synchronized void persist() {
        long seen = changes.get();
        if (seen == persistedChanges) {
            return;
        }
        dataVersion = new DataVersion(dataVersion.counter() + 1, dataVersion.stateVersion(), clock.millis());
        file.write(ProtocolJson.codec().encodePretty(new ConsumerOffsetSerializeWrapper(dataVersion, all())));
        persistedChanges = seen;
    }
}
