package dev.petrel.broker.auth;

import dev.petrel.protocol.body.DataVersion;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * The changes the ACL 1.0 admin requests make to one plain_acl.yml (security.md §2.8), as text in, text out: create
 * or update an account (only the fields given replace the stored ones), delete an account, replace
 * {@code globalWhiteRemoteAddresses}; each change moves the file's {@code dataVersion} on (counter + 1, timestamp =
 * now), as RocketMQ does. The result is checked with {@link PlainAclFile#parse} before it is returned, so an edit
 * never produces a file the broker would refuse to load: a bad edit is an {@link AuthException} naming the problem,
 * never the secret. Like RocketMQ's, the rewritten file loses its comments. Pure.
 */
final class PlainAclEditor {

    /** One create-or-update: null fields are left as stored (a new account starts without them). */
    record AccountChange(String accessKey, String secretKey, String whiteRemoteAddress, boolean admin,
                         String defaultTopicPerm, String defaultGroupPerm, List<String> topicPerms,
                         List<String> groupPerms) {

        @Override
        public String toString() {
            return "AccountChange[accessKey=" + accessKey + ", secretKey=******]";
        }
    }

    /** An edited file: its new bytes and its new version. */
    record Edited(byte[] bytes, DataVersion version) {
    }

    private PlainAclEditor() {
    }

    /** Creates the account, or updates it where the file already has it. */
    static Edited upsert(byte[] file, AccountChange change, long nowMillis) {
        checkAccessKey(change.accessKey());
        // RocketMQ requires the secret on updates too (its header check runs before the merge)
        if (change.secretKey() == null || change.secretKey().length() < PlainAclFile.MIN_KEY_LENGTH) {
            throw new AuthException("the secretKey of accessKey=" + AuthFailures.printable(change.accessKey())
                + " must have " + PlainAclFile.MIN_KEY_LENGTH + " characters or more (value not shown)");
        }
        checkResourcePerms("topicPerms", change.topicPerms());
        checkResourcePerms("groupPerms", change.groupPerms());
        Map<String, Object> root = load(file);
        List<Object> accounts = list(root, "accounts");
        Map<String, Object> account = null;
        for (Object o : accounts) {
            if (o instanceof Map<?, ?> m && change.accessKey().equals(String.valueOf(m.get("accessKey")))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> found = (Map<String, Object>) m;
                account = found;
                break;
            }
        }
        if (account == null) {
            account = new LinkedHashMap<>();
            account.put("accessKey", change.accessKey());
            accounts.add(account);
        }
        account.put("secretKey", change.secretKey());
        if (change.whiteRemoteAddress() != null) {
            account.put("whiteRemoteAddress", change.whiteRemoteAddress());
        }
        account.put("admin", change.admin());
        if (change.defaultTopicPerm() != null && !change.defaultTopicPerm().isEmpty()) {
            account.put("defaultTopicPerm", change.defaultTopicPerm());
        }
        if (change.defaultGroupPerm() != null && !change.defaultGroupPerm().isEmpty()) {
            account.put("defaultGroupPerm", change.defaultGroupPerm());
        }
        if (change.topicPerms() != null) {
            account.put("topicPerms", new ArrayList<>(change.topicPerms()));
        }
        if (change.groupPerms() != null) {
            account.put("groupPerms", new ArrayList<>(change.groupPerms()));
        }
        root.put("accounts", accounts);
        return finish(root, nowMillis);
    }

    /**
     * Removes the account.
     *
     * @return the edited file, or null when the file has no such account
     */
    static Edited delete(byte[] file, String accessKey, long nowMillis) {
        Map<String, Object> root = load(file);
        List<Object> accounts = list(root, "accounts");
        for (Iterator<Object> it = accounts.iterator(); it.hasNext(); ) {
            if (it.next() instanceof Map<?, ?> m && accessKey.equals(String.valueOf(m.get("accessKey")))) {
                it.remove();
                root.put("accounts", accounts);
                return finish(root, nowMillis);
            }
        }
        return null;
    }

    /** Replaces the file's global white addresses with {@code patterns} (each checked as the file loader checks it). */
    static Edited globalWhite(byte[] file, List<String> patterns, long nowMillis) {
        Map<String, Object> root = load(file);
        root.put("globalWhiteRemoteAddresses", new ArrayList<>(patterns));
        return finish(root, nowMillis);
    }

    /** The file's {@code dataVersion} (first element), or the version of a file never changed by a request. */
    static DataVersion version(byte[] file) {
        return versionOf(load(file));
    }

    private static Edited finish(Map<String, Object> root, long nowMillis) {
        DataVersion before = versionOf(root);
        DataVersion next = new DataVersion(before.counter() + 1, 0, nowMillis);
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("counter", next.counter());
        v.put("timestamp", next.timestamp());
        root.put("dataVersion", new ArrayList<>(List.of(v)));
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        byte[] bytes = new Yaml(new SafeConstructor(new LoaderOptions()), new Representer(options), options)
            .dump(root).getBytes(StandardCharsets.UTF_8);
        PlainAclFile.parse(bytes); // throws, naming the problem, when the edit made the file unusable
        return new Edited(bytes, next);
    }

    private static DataVersion versionOf(Map<String, Object> root) {
        Object v = root.get("dataVersion");
        if (v instanceof List<?> l && !l.isEmpty() && l.get(0) instanceof Map<?, ?> m) {
            return new DataVersion(number(m.get("counter")), 0, number(m.get("timestamp")));
        }
        return new DataVersion(0, 0, 0);
    }

    private static long number(Object o) {
        return o instanceof Number n ? n.longValue() : 0;
    }

    /** The file as a tree; it was parsed by {@link PlainAclFile} already, so only its shape is checked here. */
    private static Map<String, Object> load(byte[] file) {
        PlainAclFile.parse(file);
        Object root = PlainAclFile.tree(file);
        if (root == null) {
            return new LinkedHashMap<>();
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> map = new LinkedHashMap<>((Map<String, Object>) root);
        return map;
    }

    private static List<Object> list(Map<String, Object> root, String key) {
        Object v = root.get(key);
        return v instanceof List<?> l ? new ArrayList<>(l) : new ArrayList<>();
    }

    private static void checkAccessKey(String accessKey) {
        if (accessKey == null || accessKey.length() < PlainAclFile.MIN_KEY_LENGTH) {
            throw new AuthException("The accessKey=" + AuthFailures.printable(String.valueOf(accessKey))
                + " cannot be null and length should longer than 6");
        }
    }

    /** RocketMQ's Permission.checkResourcePerms: each item is {@code res=WORD} with a known word. */
    private static void checkResourcePerms(String field, List<String> items) {
        if (items == null) {
            return;
        }
        for (String item : items) {
            List<String> parts = RemoteAddressPattern.split(item, '='); // empty parts dropped, as the loader reads it
            if (parts.size() != 2 || parts.get(0).isBlank()) {
                throw new AuthException("Parse Resource format error for " + AuthFailures.printable(item) + " in "
                    + field + ". The expected resource format is 'Res=Perm'. For example: topicA=SUB");
            }
            String word = parts.get(1).trim();
            if (!word.equals("DENY") && PlainPermission.parse(word) == PlainPermission.DENY) {
                throw new AuthException("Parse resource permission error for " + AuthFailures.printable(item) + " in "
                    + field + ". The expected permissions are 'SUB' or 'PUB' or 'SUB|PUB' or 'PUB|SUB'.");
            }
        }
    }
}
