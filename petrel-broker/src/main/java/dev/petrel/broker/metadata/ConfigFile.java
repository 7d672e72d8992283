package dev.petrel.broker.metadata;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.function.Function;

/**
 * One metadata file under {@code <storePathRootDir>/config/} (topics.json, subscriptionGroup.json,
 * consumerOffset.json), written so that a crash at any moment leaves a readable file:
 *
 * <ol>
 *   <li>the new content goes to {@code name.tmp} and is forced to disk;</li>
 *   <li>the current file is copied to {@code name.bak} (through {@code name.bak.tmp} and a rename), as Apache keeps
 *       the previous version there;</li>
 *   <li>{@code name.tmp} is renamed over {@code name} (atomic), and the directory is forced.</li>
 * </ol>
 *
 * The main file therefore always holds either the old or the new content, never a torn mix. Loading reads the main
 * file and falls back to the {@code .bak} when it is missing, empty or does not parse, as Apache does.
 *
 * <p>Callers serialise writes to one file (each table persists under its own lock).
 */
public final class ConfigFile {

    private static final Logger LOG = LoggerFactory.getLogger(ConfigFile.class);

    private final Path path;
    private final Path tmp;
    private final Path bak;
    private final Path bakTmp;

    public ConfigFile(Path path) {
        this.path = path;
        this.tmp = path.resolveSibling(path.getFileName() + ".tmp");
        this.bak = path.resolveSibling(path.getFileName() + ".bak");
        this.bakTmp = path.resolveSibling(path.getFileName() + ".bak.tmp");
    }

    public Path path() {
        return path;
    }

    /**
     * Reads and parses the file, or its backup when the file is missing, empty or unparsable. Returns null when
     * neither exists (first start).
     *
     * @throws IllegalStateException when a file exists but neither it nor the backup can be parsed: starting with
     *                               empty metadata would silently lose topics, groups or offsets
     */
    public <T> T load(Function<byte[], T> parser) {
        byte[] main = read(path);
        String mainError = null;
        if (main != null && main.length > 0) {
            try {
                return parser.apply(main);
            } catch (RuntimeException e) {
                mainError = e.getMessage();
                LOG.warn("{} cannot be read ({}); trying {}", path, e.getMessage(), bak);
            }
        }
        byte[] backup = read(bak);
        if (backup != null && backup.length > 0) {
            try {
                T value = parser.apply(backup);
                LOG.warn("loaded {} from its backup {}", path, bak);
                return value;
            } catch (RuntimeException e) {
                throw new IllegalStateException("neither " + path + (mainError == null ? " (empty)" : " (" + mainError + ")")
                    + " nor its backup " + bak + " (" + e.getMessage() + ") can be read; repair or remove them", e);
            }
        }
        if (mainError != null) {
            throw new IllegalStateException(path + " cannot be read (" + mainError + ") and has no backup; repair or "
                + "remove it");
        }
        return null;
    }

    /** Replaces the file's content atomically, keeping the previous content as {@code .bak}. */
    public void write(byte[] content) {
        try {
            Files.createDirectories(path.getParent());
            writeForced(tmp, content);
            keepPermissions(path, tmp);
            if (Files.exists(path)) {
                Files.copy(path, bakTmp, StandardCopyOption.REPLACE_EXISTING);
                force(bakTmp);
                Files.move(bakTmp, bak, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            forceDirectory(path.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    /**
     * Gives the new content the current file's POSIX permissions, so a file an operator restricted (a plain_acl.yml
     * holding secrets, 0600) is not widened to the umask's default by the rename.
     */
    private static void keepPermissions(Path current, Path next) throws IOException {
        if (!Files.exists(current)) {
            return;
        }
        try {
            Files.setPosixFilePermissions(next, Files.getPosixFilePermissions(current));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: its default ACLs apply
        }
    }

    private static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
        }
    }

    private static void writeForced(Path p, byte[] content) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer buf = ByteBuffer.wrap(content);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
    }

    private static void force(Path p) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    private static void forceDirectory(Path dir) {
        // Makes the renames durable on Linux; some platforms cannot open a directory, which only weakens durability.
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            LOG.debug("cannot force directory {}: {}", dir, e.toString());
        }
    }
}
