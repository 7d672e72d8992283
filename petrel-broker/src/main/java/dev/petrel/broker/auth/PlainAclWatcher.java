package dev.petrel.broker.auth;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ACL 1.0 files, where RocketMQ keeps them (security.md §2.1): every {@code *.yml}/{@code *.yaml} under
 * {@code <home>/conf/acl/} (recursively) and the default file {@code <home>/<rocketmq.acl.plain.file>} (system
 * property, default {@code conf/plain_acl.yml}; created empty when missing, as RocketMQ does). {@link #accounts()}
 * is the merge of the last good content of each file.
 *
 * <p>{@link #poll()} compares each file's modification time and size (and the set of files) with what it last read
 * and re-reads only the files that changed. A file that cannot be read or parsed is logged once per change (what is
 * wrong, never a secret) and its previous good content stays in force until it is fixed; a file removed takes its
 * accounts with it. At {@link #start}, a bad file stops the broker instead: there is nothing good to keep.
 *
 * <p>Threads: {@link #poll()} runs on the watcher's own thread ({@code petrel-broker-acl-watch}, every
 * {@code aclFileCheckIntervalMillis}), or a test's; {@link #accounts()} is read by any request thread (a volatile
 * snapshot).
 */
final class PlainAclWatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PlainAclWatcher.class);

    /** What was last read from one file. */
    private record Loaded(long modified, long size, PlainAclFile.Data data, boolean good) {
    }

    private final Path home;
    private final Path defaultFile;
    private final Map<Path, Loaded> files = new HashMap<>();
    private volatile PlainAclChecker.Accounts accounts = PlainAclChecker.Accounts.NONE;
    private ScheduledExecutorService timer;

    PlainAclWatcher(Path home, String defaultFileProperty) {
        this.home = home;
        this.defaultFile = home.resolve(defaultFileProperty == null || defaultFileProperty.isBlank()
            ? "conf/plain_acl.yml" : defaultFileProperty).normalize();
    }

    /** The default file, {@code <home>/conf/plain_acl.yml} unless the system property says otherwise. */
    Path defaultFile() {
        return defaultFile;
    }

    PlainAclChecker.Accounts accounts() {
        return accounts;
    }

    /** RocketMQ's home directory, under which every ACL file must be. */
    Path home() {
        return home;
    }

    /** The ACL files now, in RocketMQ's order (conf/acl/ sorted, then the default file). */
    synchronized List<Path> files() {
        return list();
    }

    /** The file whose last good content defines {@code accessKey} first, or null. */
    synchronized Path fileOf(String accessKey) {
        for (Path p : list()) {
            Loaded l = files.get(p);
            if (l != null && l.data().accounts().stream().anyMatch(a -> a.accessKey().equals(accessKey))) {
                return p;
            }
        }
        return null;
    }

    /** Reads every file (creating the default one if missing); throws when one is bad. */
    synchronized void load() {
        try {
            if (!Files.exists(defaultFile)) {
                Files.createDirectories(defaultFile.getParent());
                Files.createFile(defaultFile);
                LOG.info("ACL 1.0: created the empty default file {} (no accounts: every request is refused until "
                    + "accounts or globalWhiteRemoteAddresses are added)", defaultFile);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("aclEnable=true: cannot create the ACL file " + defaultFile, e);
        }
        for (Path p : list()) {
            Loaded l = read(p, null);
            if (!l.good()) {
                throw new IllegalArgumentException("aclEnable=true: the ACL file " + p + " cannot be used: "
                    + lastError + "; fix it or move it away");
            }
        }
        rebuild();
    }

    /** Re-reads the files that changed since the last look; returns whether anything was re-read. */
    synchronized boolean poll() {
        List<Path> now = list();
        boolean changed = files.keySet().retainAll(now);
        for (Path p : now) {
            Loaded before = files.get(p);
            long[] stamp = stamp(p);
            if (before != null && stamp != null && before.modified() == stamp[0] && before.size() == stamp[1]) {
                continue;
            }
            Loaded after = read(p, before);
            changed = true;
            if (after.good()) {
                LOG.info("ACL 1.0: reloaded {} ({} accounts, {} global white addresses)", p,
                    after.data().accounts().size(), after.data().globalWhiteRemoteAddresses().size());
            } else {
                LOG.error("ACL 1.0: the changed ACL file {} cannot be used: {}; the accounts last loaded from it stay "
                    + "in force until it is fixed", p, lastError);
            }
        }
        if (changed) {
            rebuild();
        }
        return changed;
    }

    /**
     * Re-reads {@code p} now, whatever its time and size say (an admin request has just rewritten it: two rewrites in
     * one millisecond may leave both alike), and whatever else changed.
     */
    synchronized void reload(Path p) {
        files.remove(p);
        poll();
    }

    /** Polls every {@code intervalMillis} on a thread of its own (0: never). */
    synchronized void start(long intervalMillis) {
        if (intervalMillis <= 0 || timer != null) {
            return;
        }
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "petrel-broker-acl-watch");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(() -> {
            try {
                poll();
            } catch (RuntimeException e) {
                LOG.error("ACL 1.0: checking the ACL files failed; trying again in {} ms", intervalMillis, e);
            }
        }, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.shutdownNow();
            timer = null;
        }
    }

    private String lastError;

    /** Reads {@code p}; on failure keeps {@code before}'s content (stamped with the new time, so it is logged once). */
    private Loaded read(Path p, Loaded before) {
        long[] stamp = stamp(p);
        long modified = stamp == null ? -1 : stamp[0];
        long size = stamp == null ? -1 : stamp[1];
        Loaded next;
        try {
            byte[] bytes = Files.size(p) > PlainAclFile.MAX_BYTES ? null : Files.readAllBytes(p);
            if (bytes == null) {
                throw new AuthException("the file is larger than " + PlainAclFile.MAX_BYTES + " bytes");
            }
            next = new Loaded(modified, size, PlainAclFile.parse(bytes), true);
        } catch (IOException e) {
            lastError = "cannot read it (" + e.getClass().getSimpleName() + ")";
            next = new Loaded(modified, size, before == null ? PlainAclFile.Data.EMPTY : before.data(), false);
        } catch (AuthException e) {
            lastError = e.getMessage();
            next = new Loaded(modified, size, before == null ? PlainAclFile.Data.EMPTY : before.data(), false);
        }
        files.put(p, next);
        return next;
    }

    private void rebuild() {
        List<PlainAclFile.Data> data = new ArrayList<>();
        for (Path p : list()) {
            Loaded l = files.get(p);
            if (l != null) {
                data.add(l.data());
            }
        }
        accounts = PlainAclChecker.Accounts.merge(data, key -> LOG.warn("ACL 1.0: the accessKey {} is defined in more "
            + "than one ACL file; the first definition is used", AuthFailures.printable(key)));
    }

    /** The files in RocketMQ's order: conf/acl/ (sorted), then the default file. */
    private List<Path> list() {
        List<Path> out = new ArrayList<>();
        Path dir = home.resolve("conf/acl");
        Path tools = home.resolve("conf/tools.yml").normalize();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                walk.filter(Files::isRegularFile).map(Path::normalize)
                    .filter(p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml"))
                    .filter(p -> !p.equals(tools)).sorted().forEach(out::add);
            } catch (IOException | UncheckedIOException e) {
                LOG.warn("ACL 1.0: cannot list {} ({}); its files are skipped this time", dir, e.getMessage());
            }
        }
        if (!out.contains(defaultFile) && Files.exists(defaultFile)) {
            out.add(defaultFile);
        }
        return out;
    }

    private static long[] stamp(Path p) {
        try {
            return new long[] {Files.getLastModifiedTime(p).toMillis(), Files.size(p)};
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return "PlainAclWatcher[" + Objects.toString(defaultFile) + "]";
    }
}
