package dev.petrel.namesrv;

import dev.petrel.protocol.body.PropertiesBodyCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saves properties changed at runtime (UPDATE_NAMESRV_CONFIG) into {@code configStorePath}. Unlike RocketMQ, which
 * rewrites the file with every property it knows, Petrel edits only the changed keys: their lines are replaced in
 * place, new keys are appended, and comments and other lines stay as the operator wrote them. The file is replaced
 * atomically (temp file + rename).
 *
 * <p>Threads: no state of its own besides the path; callers serialise writes (the NameServer's writer loop,
 * {@code NamesrvWriterLoop}).
 */
public final class ConfigStoreFile {

    private final Path path;

    public ConfigStoreFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /** Sets {@code changes} in the file, creating it (and its directory) when missing. */
    public void update(Map<String, String> changes) throws IOException {
        List<String> lines = Files.exists(path) ? Files.readAllLines(path, StandardCharsets.UTF_8) : List.of();
        Map<String, String> pending = new LinkedHashMap<>(changes);
        List<String> out = new ArrayList<>(lines.size() + changes.size());
        boolean continuation = false;
        boolean dropping = false;
        for (String line : lines) {
            if (continuation) {
                continuation = endsWithContinuation(line);
                if (!dropping) {
                    out.add(line);
                }
                continue;
            }
            String key = keyOf(line);
            continuation = endsWithContinuation(line);
            dropping = false;
            if (key != null && changes.containsKey(key)) {
                String value = pending.remove(key);
                dropping = true; // the old value, and any continuation lines of it, go
                if (value != null) {
                    out.add(lineOf(key, value));
                }
                continue;
            }
            out.add(line);
        }
        pending.forEach((key, value) -> out.add(lineOf(key, value)));
        Path dir = path.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        Files.write(tmp, out, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String lineOf(String key, String value) {
        String text = new String(PropertiesBodyCodec.encode(Map.of(key, value)), StandardCharsets.UTF_8);
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** The key of a {@code key=value} line; null for blank lines and comments. */
    static String keyOf(String line) {
        int i = 0;
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        if (i == line.length() || line.charAt(i) == '#' || line.charAt(i) == '!') {
            return null;
        }
        StringBuilder key = new StringBuilder();
        while (i < line.length()) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                key.append(line.charAt(i + 1));
                i += 2;
                continue;
            }
            if (c == '=' || c == ':' || Character.isWhitespace(c)) {
                break;
            }
            key.append(c);
            i++;
        }
        return key.toString();
    }

    private static boolean endsWithContinuation(String line) {
        int slashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            slashes++;
        }
        return slashes % 2 == 1;
    }
}
