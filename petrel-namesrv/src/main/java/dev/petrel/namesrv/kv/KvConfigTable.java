package dev.petrel.namesrv.kv;

import java.io.IOException;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The NameServer's KV config: values by namespace and key (PUT/GET/DELETE_KV_CONFIG, GET_KVLIST_BY_NAMESPACE; the
 * namespace {@value #ORDER_TOPIC_CONFIG} holds ordered topics' queue layouts), persisted in a {@link KvConfigFile}.
 *
 * <p>Threading: writes come from one thread at a time (the NameServer's writer thread {@code petrel-namesrv-writer});
 * each write saves the whole table to the file first and publishes it only when the save succeeded, so memory never
 * holds what the disk does not. Readers take the published immutable table without locking.
 */
public final class KvConfigTable {

    /** NamesrvUtil.NAMESPACE_ORDER_TOPIC_CONFIG. */
    public static final String ORDER_TOPIC_CONFIG = "ORDER_TOPIC_CONFIG";

    private final KvConfigFile file;
    private volatile Map<String, Map<String, String>> table;

    private KvConfigTable(KvConfigFile file, Map<String, Map<String, String>> table) {
        this.file = file;
        this.table = freeze(table);
    }

    /** Loads the table from {@code file} (see {@link KvConfigFile#read()} for the failures). */
    public static KvConfigTable load(KvConfigFile file) {
        return new KvConfigTable(file, file.read());
    }

    public KvConfigFile file() {
        return file;
    }

    /** The value, or null. */
    public String get(String namespace, String key) {
        Map<String, String> kv = table.get(namespace);
        return kv == null ? null : kv.get(key);
    }

    /** A namespace's entries, or null when the namespace does not exist (it may exist and be empty). */
    public Map<String, String> namespace(String namespace) {
        return table.get(namespace);
    }

    /** Every namespace, unmodifiable. */
    public Map<String, Map<String, String>> all() {
        return table;
    }

    /** Sets a value, saving first. */
    public void put(String namespace, String key, String value) throws IOException {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if (value.equals(get(namespace, key))) {
            return;
        }
        Map<String, Map<String, String>> next = mutableCopy();
        next.computeIfAbsent(namespace, k -> new TreeMap<>()).put(key, value);
        save(next);
    }

    /** Removes a value, saving first; the namespace stays even when it becomes empty (as in RocketMQ). */
    public boolean delete(String namespace, String key) throws IOException {
        Map<String, String> kv = table.get(namespace);
        if (kv == null || !kv.containsKey(key)) {
            return false;
        }
        Map<String, Map<String, String>> next = mutableCopy();
        next.get(namespace).remove(key);
        save(next);
        return true;
    }

    private void save(Map<String, Map<String, String>> next) throws IOException {
        file.write(next);
        table = freeze(next);
    }

    private Map<String, Map<String, String>> mutableCopy() {
        Map<String, Map<String, String>> copy = new TreeMap<>();
        table.forEach((ns, kv) -> copy.put(ns, new TreeMap<>(kv)));
        return copy;
    }

    private static Map<String, Map<String, String>> freeze(Map<String, Map<String, String>> source) {
        Map<String, Map<String, String>> frozen = new TreeMap<>();
        source.forEach((ns, kv) -> frozen.put(ns, Collections.unmodifiableMap(new TreeMap<>(kv))));
        return Collections.unmodifiableMap(frozen);
    }
}
