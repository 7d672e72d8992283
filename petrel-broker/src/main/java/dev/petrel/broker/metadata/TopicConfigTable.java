package dev.petrel.broker.metadata;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The broker's topic configurations ({@code config/topics.json}, Apache's {@code TopicConfigSerializeWrapper} format):
 * the system topics of {@link SystemTopics}, topics created by admins, and topics created on demand (from TBW102 on
 * a first send, {@code %RETRY%} topics on heartbeat).
 *
 * <p>Threads: reads are lock-free from any thread. Changes come from request threads (send, heartbeat, admin) and
 * are serialised by this object's monitor, which also covers writing the file, so the file always matches one
 * state of the table. {@link ChangeListener}s run after the monitor is released, on the changing thread.
 */
public final class TopicConfigTable {

    private static final Logger LOG = LoggerFactory.getLogger(TopicConfigTable.class);

    /** Hears about created or updated topics (the NameServer registration sends them at once). */
    @FunctionalInterface
    public interface ChangeListener {
        void topicsChanged(List<TopicConfig> changed);
    }

    private final ConfigFile file;
    private final Clock clock;
    private final SystemTopics systemTopics;
    private final boolean autoCreateTopicEnable;
    private final ConcurrentHashMap<String, TopicConfig> topics = new ConcurrentHashMap<>();
    private final List<ChangeListener> listeners = new CopyOnWriteArrayList<>();
    private volatile DataVersion dataVersion;

    public TopicConfigTable(ConfigFile file, Clock clock, SystemTopics systemTopics, boolean autoCreateTopicEnable) {
        this.file = file;
        this.clock = clock;
        this.systemTopics = systemTopics;
        this.autoCreateTopicEnable = autoCreateTopicEnable;
        this.dataVersion = DataVersion.initial(clock.millis());
    }

    /** Creates the system topics, then applies the file (persisted configs win, as in Apache). */
    public synchronized void load() {
        for (TopicConfig t : systemTopics.startupTopics()) {
            topics.put(t.topicName(), t);
        }
        TopicConfigSerializeWrapper stored = file.load(TopicConfigSerializeWrapper.CODEC::decode);
        if (stored != null) {
            topics.putAll(stored.topicConfigTable());
            if (stored.dataVersion() != null) {
                dataVersion = stored.dataVersion();
            }
        }
        TopicConfig template = topics.get(SystemTopics.AUTO_CREATE_TOPIC_KEY);
        if (!autoCreateTopicEnable && template != null && Perm.isInherited(template.perm())) {
            // Apache strips INHERIT from a TBW102 left by an earlier run, so it no longer creates topics.
            topics.put(template.topicName(), withPerm(template, template.perm() & ~Perm.INHERIT));
            persist();
        }
        // Otherwise nothing is written at start: the file changes with the first topic change (or at shutdown).
        LOG.info("loaded {} topic configs from {}", topics.size(), file.path());
    }

    public void addListener(ChangeListener listener) {
        listeners.add(listener);
    }

    public TopicConfig get(String topic) {
        return topics.get(topic);
    }

    public boolean contains(String topic) {
        return topics.containsKey(topic);
    }

    /** A sorted copy of every topic config. */
    public Map<String, TopicConfig> all() {
        return Collections.unmodifiableMap(new TreeMap<>(topics));
    }

    public DataVersion dataVersion() {
        return dataVersion;
    }

    public SystemTopics systemTopics() {
        return systemTopics;
    }

    public boolean isOrderTopic(String topic) {
        TopicConfig t = topics.get(topic);
        return t != null && t.order();
    }

    /** The table and its version, as the registration body and GET_ALL_TOPIC_CONFIG carry them. */
    public synchronized TopicConfigSerializeWrapper snapshot() {
        return new TopicConfigSerializeWrapper(dataVersion, new TreeMap<>(topics));
    }

    /** Creates or replaces a topic (admin). Returns the previous config, or null. */
    public TopicConfig put(TopicConfig config) {
        TopicConfig previous;
        synchronized (this) {
            previous = topics.put(config.topicName(), config);
            changed();
        }
        LOG.info("topic {} {}: {}", config.topicName(), previous == null ? "created" : "updated", config);
        notifyListeners(List.of(config));
        return previous;
    }

    /** Creates or replaces several topics with one file write (admin). */
    public void putAll(List<TopicConfig> configs) {
        synchronized (this) {
            configs.forEach(c -> topics.put(c.topicName(), c));
            changed();
        }
        notifyListeners(configs);
    }

    /**
     * A slave adopts its master's topics (SlaveSynchronize): when {@code version} differs from this table's, local
     * topics the master lacks are removed, the master's are put, its version adopted and the file written.
     *
     * @return whether anything was adopted (false: same version)
     */
    public boolean replaceFromMaster(DataVersion version, Map<String, TopicConfig> master) {
        List<TopicConfig> changed = new ArrayList<>();
        synchronized (this) {
            if (version != null && version.equals(dataVersion)) {
                return false;
            }
            topics.keySet().removeIf(t -> !master.containsKey(t));
            master.forEach((name, config) -> {
                if (!config.equals(topics.put(name, config))) {
                    changed.add(config);
                }
            });
            dataVersion = version != null ? version : dataVersion.next(clock.millis());
            persist();
        }
        if (!changed.isEmpty()) {
            LOG.info("adopted {} changed topic configs from the master ({} topics)", changed.size(), master.size());
            notifyListeners(changed);
        }
        return true;
    }

    /** Writes the file (graceful shutdown, so a first run leaves its system topics on disk as Apache does). */
    public synchronized void persistNow() {
        persist();
    }

    /** Removes a topic; false if it did not exist. */
    public boolean remove(String topic) {
        synchronized (this) {
            if (topics.remove(topic) == null) {
                return false;
            }
            changed();
        }
        LOG.info("topic {} deleted", topic);
        return true;
    }

    /**
     * The outcome of creating a topic on first send: the config, or why it could not be created (for the
     * TOPIC_NOT_EXIST remark).
     */
    public record AutoCreate(TopicConfig config, String refusal) {
    }

    /**
     * Creates {@code topic} from {@code defaultTopic} (TBW102) if that template exists and has PERM_INHERIT: queues =
     * min(client's default queue count, template's write queues), the template's perm without INHERIT and its filter
     * type (system-topics.md §2). Returns the existing config when another thread created it first.
     */
    public AutoCreate createForSend(String topic, String defaultTopic, int clientQueueNums, int topicSysFlag,
                                    String producer) {
        TopicConfig created;
        synchronized (this) {
            TopicConfig existing = topics.get(topic);
            if (existing != null) {
                return new AutoCreate(existing, null);
            }
            TopicConfig template = defaultTopic == null ? null : topics.get(defaultTopic);
            if (template == null) {
                return new AutoCreate(null, "the template topic " + defaultTopic + " does not exist on this broker"
                    + (SystemTopics.AUTO_CREATE_TOPIC_KEY.equals(defaultTopic) && !autoCreateTopicEnable
                    ? " (autoCreateTopicEnable=false)" : ""));
            }
            int templatePerm = template.perm();
            if (SystemTopics.AUTO_CREATE_TOPIC_KEY.equals(defaultTopic) && !autoCreateTopicEnable) {
                templatePerm &= ~Perm.INHERIT;
            }
            if (!Perm.isInherited(templatePerm)) {
                return new AutoCreate(null, "the template topic " + defaultTopic + " does not allow inheriting (perm "
                    + templatePerm + (autoCreateTopicEnable ? "" : ", autoCreateTopicEnable=false") + ")");
            }
            int queues = Math.max(0, Math.min(clientQueueNums, template.writeQueueNums()));
            created = new TopicConfig(topic, queues, queues, templatePerm & ~Perm.INHERIT, template.topicFilterType(),
                topicSysFlag, false, Map.of());
            topics.put(topic, created);
            changed();
        }
        LOG.info("created topic {} from {} for producer {}: {}", topic, defaultTopic, producer, created);
        notifyListeners(List.of(created));
        return new AutoCreate(created, null);
    }

    /**
     * The topic's config, creating it with {@code queues} queues and {@code perm} if absent (retry and DLQ topics,
     * Apache's {@code createTopicInSendMessageBackMethod}). An existing topic gets {@code order} updated.
     */
    public TopicConfig ensure(String topic, int queues, int perm, boolean order, int topicSysFlag) {
        TopicConfig result;
        synchronized (this) {
            TopicConfig existing = topics.get(topic);
            if (existing != null) {
                if (existing.order() == order) {
                    return existing;
                }
                result = new TopicConfig(existing.topicName(), existing.readQueueNums(), existing.writeQueueNums(),
                    existing.perm(), existing.topicFilterType(), existing.topicSysFlag(), order, existing.attributes());
            } else {
                result = new TopicConfig(topic, queues, queues, perm, TopicFilterType.SINGLE_TAG,
                    topicSysFlag, order, Map.of());
                LOG.info("created topic {}", result);
            }
            topics.put(topic, result);
            changed();
        }
        notifyListeners(List.of(result));
        return result;
    }

    private void changed() {
        dataVersion = dataVersion.next(clock.millis());
        persist();
    }

    private void persist() {
        file.write(ProtocolJson.codec().encodePretty(new TopicConfigSerializeWrapper(dataVersion, new TreeMap<>(topics))));
    }

    private void notifyListeners(List<TopicConfig> changed) {
        List<TopicConfig> copy = new ArrayList<>(changed);
        for (ChangeListener l : listeners) {
            l.topicsChanged(copy);
        }
    }

    private static TopicConfig withPerm(TopicConfig t, int perm) {
        return new TopicConfig(t.topicName(), t.readQueueNums(), t.writeQueueNums(), perm, t.topicFilterType(),
            t.topicSysFlag(), t.order(), t.attributes());
    }
}
