package dev.petrel.broker.auth;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's users and ACLs, kept in {@code <storePathRootDir>/config/auth.json} (written atomically through
 * {@link ConfigFile}: temp file, fsync, rename, previous version as {@code .bak}; owner-only permissions where the
 * file system has them, since passwords are stored in clear as RocketMQ stores them).
 *
 * <p>Threads: request threads read lock-free from one immutable {@link State} in a volatile field; changes (admin
 * requests, start-up users) are serialised by this object's monitor, which also covers writing the file, so the
 * file always holds one state. A change is visible to checks only once it is on disk.
 *
 * <p>Replication to slaves is not done yet: each broker has its own file, as each Apache broker has its own RocksDB
 * (admin tools write to every broker of a cluster).
 */
public final class AuthMetadata {

    public static final String FILE_NAME = "auth.json";
    private static final Logger LOG = LoggerFactory.getLogger(AuthMetadata.class);

    /** One consistent view: users by name, ACLs by subject. */
    record State(Map<String, AuthUser> users, Map<String, Acl> acls) {
    }

    private final ConfigFile file;
    private volatile State state = new State(Map.of(), Map.of());

    public AuthMetadata(ConfigFile file) {
        this.file = file;
    }

    /** Reads the file (or its backup); a missing file is an empty table, an unreadable one stops the start. */
    public synchronized void load() {
        AuthCodec.AuthFile loaded = file.load(AuthCodec::decodeFile);
        if (loaded == null) {
            return;
        }
        Map<String, AuthUser> users = new LinkedHashMap<>();
        for (UserInfo u : loaded.users()) {
            AuthUser user = AuthCodec.user(u.username(), u);
            users.put(user.username(), user);
        }
        Map<String, Acl> acls = new LinkedHashMap<>();
        for (AclInfo a : loaded.acls()) {
            Acl acl = AuthCodec.acl(null, a);
            acls.put(acl.subject(), acl);
        }
        state = new State(Map.copyOf(users), Map.copyOf(acls));
        LOG.info("loaded {} users and {} ACLs from {}", users.size(), acls.size(), file.path());
    }

    public AuthUser user(String username) {
        return username == null ? null : state.users().get(username);
    }

    public Acl acl(String subject) {
        return subject == null ? null : state.acls().get(subject);
    }

    /** Creates {@code user}; throws "The user is existed" if the name is taken. */
    public synchronized void createUser(AuthUser user) {
        if (state.users().containsKey(user.username())) {
            throw new AuthException("The user is existed");
        }
        putUser(user);
        LOG.info("created {}", user);
    }

    /** Creates {@code user} unless one of that name exists (start-up users); true if created. */
    public synchronized boolean createIfAbsent(AuthUser user) {
        if (state.users().containsKey(user.username())) {
            return false;
        }
        putUser(user);
        LOG.info("created {} from broker.conf", user);
        return true;
    }

    /** Replaces an existing user. */
    public synchronized void updateUser(AuthUser user) {
        if (!state.users().containsKey(user.username())) {
            throw new AuthException("The user is not exist");
        }
        putUser(user);
        LOG.info("updated {}", user);
    }

    /** Deletes a user and its ACL; nothing happens when it does not exist. */
    public synchronized void deleteUser(String username) {
        if (!state.users().containsKey(username)) {
            return;
        }
        Map<String, AuthUser> users = new LinkedHashMap<>(state.users());
        users.remove(username);
        Map<String, Acl> acls = new LinkedHashMap<>(state.acls());
        acls.remove(Acl.subjectOf(username));
        commit(new State(Map.copyOf(users), Map.copyOf(acls)));
        LOG.info("deleted user {} and its ACL", username);
    }

    /** Users whose name contains {@code filter} (all for a blank filter), by name. */
    public List<AuthUser> listUsers(String filter) {
        return state.users().values().stream()
            .filter(u -> filter == null || filter.isBlank() || u.username().contains(filter))
            .sorted(Comparator.comparing(AuthUser::username)).toList();
    }

    /** Merges {@code acl} into the subject's ACL (creating it); the subject's user must exist. */
    public synchronized void createAcl(Acl acl) {
        checkSubject(acl.subject());
        Acl old = state.acls().get(acl.subject());
        putAcl(old == null ? acl : old.mergedWith(acl));
        LOG.info("created ACL entries of {}", acl.subject());
    }

    /** As createAcl: RocketMQ's updateAcl merges the same way and creates a missing ACL. */
    public synchronized void updateAcl(Acl acl) {
        checkSubject(acl.subject());
        Acl old = state.acls().get(acl.subject());
        putAcl(old == null ? acl : old.mergedWith(acl));
        LOG.info("updated ACL entries of {}", acl.subject());
    }

    /**
     * Deletes the subject's entry for {@code resource} in policy {@code type} (Custom when null, as RocketMQ), or the
     * whole ACL when {@code resource} is null; an ACL left empty is removed.
     */
    public synchronized void deleteAcl(String subject, PolicyType type, AuthResource resource) {
        if (subject == null || !subject.startsWith(Acl.USER_PREFIX)
            || !state.users().containsKey(subject.substring(Acl.USER_PREFIX.length()))) {
            throw new AuthException("The subject is not exist.");
        }
        Acl old = state.acls().get(subject);
        if (old == null) {
            throw new AuthException("The acl is not exist.");
        }
        Map<String, Acl> acls = new LinkedHashMap<>(state.acls());
        Acl left = resource == null ? null : old.without(type == null ? PolicyType.CUSTOM : type, resource);
        if (left == null || left.isEmpty()) {
            acls.remove(subject);
        } else {
            acls.put(subject, left);
        }
        commit(new State(state.users(), Map.copyOf(acls)));
        LOG.info("deleted ACL {} of {}", resource == null ? "entirely" : "entry " + resource, subject);
    }

    /** ACLs whose subject contains {@code subjectFilter} and with an entry whose resource contains {@code resourceFilter}. */
    public List<Acl> listAcls(String subjectFilter, String resourceFilter) {
        List<Acl> out = new ArrayList<>();
        for (Acl acl : state.acls().values()) {
            if (subjectFilter != null && !subjectFilter.isBlank() && !acl.subject().contains(subjectFilter)) {
                continue;
            }
            if (resourceFilter != null && !resourceFilter.isBlank() && acl.policies().values().stream()
                .flatMap(List::stream).noneMatch(e -> e.resource().key().contains(resourceFilter))) {
                continue;
            }
            out.add(acl);
        }
        out.sort(Comparator.comparing(Acl::subject));
        return out;
    }

    private void checkSubject(String subject) {
        if (subject == null || !subject.startsWith(Acl.USER_PREFIX)
            || !state.users().containsKey(subject.substring(Acl.USER_PREFIX.length()))) {
            throw new AuthException("The subject of " + AuthFailures.printable(subject) + " is not exist.");
        }
    }

    private void putUser(AuthUser user) {
        Map<String, AuthUser> users = new LinkedHashMap<>(state.users());
        users.put(user.username(), user);
        commit(new State(Map.copyOf(users), state.acls()));
    }

    private void putAcl(Acl acl) {
        Map<String, Acl> acls = new LinkedHashMap<>(state.acls());
        acls.put(acl.subject(), acl);
        commit(new State(state.users(), Map.copyOf(acls)));
    }

    /**
     * Replaces every user and ACL with the master's (a slave's or follower's sync; SlaveSynchronize), writing the file
     * only when something differs.
     *
     * @return whether anything changed
     */
    public synchronized boolean replaceFromMaster(List<AuthUser> users, List<Acl> acls) {
        Map<String, AuthUser> u = new java.util.HashMap<>();
        users.forEach(user -> u.put(user.username(), user));
        Map<String, Acl> a = new java.util.HashMap<>();
        acls.forEach(acl -> a.put(acl.subject(), acl));
        if (u.equals(state.users()) && a.equals(state.acls())) {
            return false;
        }
        commit(new State(Map.copyOf(u), Map.copyOf(a)));
        LOG.info("users and ACLs copied from the master: {} users, {} ACLs", u.size(), a.size());
        return true;
    }

    /** Writes {@code next} to the file, then publishes it; a failed write publishes nothing. */
    private void commit(State next) {
        List<UserInfo> users = next.users().values().stream().sorted(Comparator.comparing(AuthUser::username))
            .map(AuthCodec::info).toList();
        List<AclInfo> acls = next.acls().values().stream().sorted(Comparator.comparing(Acl::subject))
            .map(AuthCodec::info).toList();
        file.write(AuthCodec.encodeFile(new AuthCodec.AuthFile(users, acls)));
        ownerOnly(file.path());
        ownerOnly(file.path().resolveSibling(file.path().getFileName() + ".bak"));
        state = next;
    }

    private static void ownerOnly(Path p) {
        try {
            if (Files.exists(p)) {
                Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
            }
        } catch (UnsupportedOperationException | IOException e) {
            LOG.debug("cannot restrict permissions of {}: {}", p, e.toString());
        }
    }
}
