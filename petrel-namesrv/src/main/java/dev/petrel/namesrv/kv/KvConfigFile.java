package dev.petrel.namesrv.kv;

import dev.petrel.common.json.JsonCodec;
import dev.petrel.common.json.JsonException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * The KV config file ({@code kvConfigPath}, default {@code ~/namesrv/kvConfig.json}) in the format Apache's
 * NameServer reads and writes:
 *
 * <pre>
 *   {"configTable":{"&lt;namespace&gt;":{"&lt;key&gt;":"&lt;value&gt;", ...}, ...}}
 * </pre>
 *
 * Petrel writes it indented, namespaces and keys sorted, and atomically: the new content goes to
 * {@code kvConfig.json.tmp} in the same directory, is forced to disk, and replaces the file with one rename, so a crash
 * leaves either the old file or the new one, never a torn one.
 *
 * <p>Threads: no state of its own besides the path; only the NameServer's writer loop writes it.
 */
public final class KvConfigFile {

    /** The file's JSON shape. */
    record Content(Map<String, Map<String, String>> configTable) {
    }

    private final Path path;

    public KvConfigFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /**
     * Reads the file; a missing file is an empty table.
     *
     * @throws IllegalStateException if the file exists but cannot be read or is not a KV config file (the NameServer
     *                               refuses to start rather than overwrite it later)
     */
    public Map<String, Map<String, String>> read() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the KV config file " + path + ": " + e, e);
        }
        if (bytes.length == 0) {
            return Map.of();
        }
        try {
            Content content = JsonCodec.standard().decode(bytes, Content.class);
            Map<String, Map<String, String>> table = new TreeMap<>();
            if (content.configTable() != null) {
                content.configTable().forEach((ns, kv) -> table.put(ns, kv == null ? Map.of() : new TreeMap<>(kv)));
            }
            return table;
        } catch (JsonException e) {
            throw new IllegalStateException("the KV config file " + path + " is not {\"configTable\":{namespace:{key:"
                + "value}}}: " + e.getMessage() + "; fix it or move it away (kvConfigPath)", e);
        }
    }

    /** Replaces the file's content with {@code table}, atomically. */
    public void write(Map<String, Map<String, String>> table) throws IOException {
        Map<String, Map<String, String>> sorted = new TreeMap<>();
        table.forEach((ns, kv) -> sorted.put(ns, new TreeMap<>(kv)));
        byte[] bytes = JsonCodec.standard().encodePretty(new Content(sorted));
        Path dir = path.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        try {
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
