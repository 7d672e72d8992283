package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.MessageQueue;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Broadcasting offsets, kept in {@code <dir>/<clientId>/<group>/offsets.json} (RocketMQ's layout and JSON shape,
 * {@code {"offsetTable":{<queue>:<offset>}}}; map keys are written as standard JSON strings, and RocketMQ's object
 * keys are read too). Writes go to a temporary file that replaces the old one atomically, and the previous version is
 * kept as {@code offsets.json.bak}.
 *
 * <p>Threads: consume threads update the in-memory offsets ({@link OffsetTable}, thread-safe on its own); the
 * client's scheduler, the rebalance thread and close read the file's view and persist: those methods hold this
 * object's monitor, which guards {@code stored} and serialises the file writes.
 */
public final class LocalOffsetStore implements OffsetStore {

    /** The file's JSON shape (RocketMQ's OffsetSerializeWrapper). */
    public record OffsetFile(Map<MessageQueue, Long> offsetTable) {
        public static final BodyCodec<OffsetFile> CODEC = BodyCodec.of(OffsetFile.class);
    }

    private final Path file;
    private final OffsetTable table = new OffsetTable();
    private final Map<MessageQueue, Long> stored = new TreeMap<>();

    public LocalOffsetStore(Path dir, String clientId, String group) {
        this.file = dir.resolve(clientId.replace(':', '_')).resolve(group).resolve("offsets.json");
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void load() {
        Path source = Files.exists(file) ? file : file.resolveSibling("offsets.json.bak");
        if (!Files.exists(source)) {
            return;
        }
        try {
            OffsetFile read = OffsetFile.CODEC.decode(Files.readAllBytes(source));
            if (read.offsetTable() != null) {
                stored.putAll(read.offsetTable());
                read.offsetTable().forEach((mq, off) -> table.update(mq, off, false));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the offset file " + source, e);
        } catch (RuntimeException e) {
            throw new ClientException("the offset file " + source + " is damaged (" + e.getMessage() + "); fix or delete "
                + "it to start from the configured start position", e);
        }
    }

    @Override
    public void update(MessageQueue mq, long offset, boolean increaseOnly) {
        table.update(mq, offset, increaseOnly);
    }

    @Override
    public long readMemory(MessageQueue mq) {
        return table.read(mq);
    }

    @Override
    public synchronized long readStore(MessageQueue mq) {
        Long offset = stored.get(mq);
        if (offset == null) {
            return -1;
        }
        table.update(mq, offset, false);
        return offset;
    }

    @Override
    public synchronized void persistAll(Set<MessageQueue> queues) {
        Map<MessageQueue, Long> current = table.snapshot(queues);
        if (current.isEmpty()) {
            return;
        }
        stored.putAll(current);
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling("offsets.json.tmp");
            Files.write(tmp, OffsetFile.CODEC.encode(new OffsetFile(new TreeMap<>(stored))));
            if (Files.exists(file)) {
                Files.copy(file, file.resolveSibling("offsets.json.bak"), StandardCopyOption.REPLACE_EXISTING);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the offset file " + file + "; check the directory "
                + "(localOffsetStoreDir) is writable", e);
        }
    }

    @Override
    public void persistSync(MessageQueue mq) {
        persistAll(Set.of(mq));
    }

    @Override
    public void remove(MessageQueue mq) {
        // Broadcasting members own every queue; an offset leaves only with its topic, and the file keeps it.
        table.remove(mq);
    }

    @Override
    public Map<MessageQueue, Long> snapshot(Set<MessageQueue> queues) {
        return table.snapshot(queues);
    }

    @Override
    public synchronized long peekStore(MessageQueue mq) {
        Long offset = stored.get(mq);
        return offset == null ? -1 : offset;
    }
}
