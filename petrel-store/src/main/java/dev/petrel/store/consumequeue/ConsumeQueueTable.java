package dev.petrel.store.consumequeue;

import dev.petrel.store.file.SegmentedLog;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every ConsumeQueue, by topic and queue id, under {@code consumequeue/<topic>/<queueId>/}. Queues are created by
 * the dispatch thread on first use; readers look them up without locking.
 */
public final class ConsumeQueueTable {

    private final Path root;
    private final int fileSize;
    private final StoreFileFactory factory;
    private final ConcurrentHashMap<String, ConcurrentHashMap<Integer, ConsumeQueue>> queues = new ConcurrentHashMap<>();

    public ConsumeQueueTable(Path root, int fileSize, StoreFileFactory factory) {
        this.root = root;
        this.fileSize = fileSize;
        this.factory = factory;
    }

    public void load() throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> topics = Files.list(root)) {
            for (Path t : topics.filter(Files::isDirectory).toList()) {
                try (Stream<Path> ids = Files.list(t)) {
                    for (Path q : ids.filter(Files::isDirectory).toList()) {
                        int queueId;
                        try {
                            queueId = Integer.parseInt(q.getFileName().toString());
                        } catch (NumberFormatException e) {
                            continue;
                        }
                        ConsumeQueue cq = create(t.getFileName().toString(), queueId);
                        cq.load();
                    }
                }
            }
        }
    }

    public ConsumeQueue find(String topic, int queueId) {
        Map<Integer, ConsumeQueue> m = queues.get(topic);
        return m == null ? null : m.get(queueId);
    }

    public ConsumeQueue findOrCreate(String topic, int queueId) {
        ConsumeQueue cq = find(topic, queueId);
        return cq != null ? cq : create(topic, queueId);
    }

    private ConsumeQueue create(String topic, int queueId) {
        return queues.computeIfAbsent(topic, t -> new ConcurrentHashMap<>()).computeIfAbsent(queueId,
            q -> new ConsumeQueue(topic, q, new SegmentedLog(root.resolve(topic).resolve(Integer.toString(q)), fileSize, factory)));
    }

    public List<ConsumeQueue> all() {
        List<ConsumeQueue> out = new ArrayList<>();
        queues.values().forEach(m -> out.addAll(m.values()));
        return out;
    }

    public Map<Integer, ConsumeQueue> queuesOf(String topic) {
        Map<Integer, ConsumeQueue> m = queues.get(topic);
        return m == null ? Map.of() : m;
    }

    public java.util.Set<String> topics() {
        return java.util.Set.copyOf(queues.keySet());
    }

    /** Deletes a topic's queues and their directory. */
    public void remove(String topic) {
        Map<Integer, ConsumeQueue> m = queues.remove(topic);
        if (m != null) {
            m.values().forEach(ConsumeQueue::destroy);
        }
        try {
            Files.deleteIfExists(root.resolve(topic));
        } catch (IOException e) {
            // a leftover file keeps the directory; harmless
        }
    }

    public void close() {
        all().forEach(ConsumeQueue::close);
        queues.clear();
    }
}
