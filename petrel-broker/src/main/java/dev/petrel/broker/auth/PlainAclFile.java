package dev.petrel.broker.auth;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Reads one ACL 1.0 file in RocketMQ's plain_acl.yml schema (security.md §2.2):
 *
 * <pre>
 * globalWhiteRemoteAddresses: [ pattern, ... ]      # clients from these skip every check
 * accounts:
 *   - accessKey: RocketMQ                           # required, 7 characters or more
 *     secretKey: 12345678                           # required, 7 characters or more
 *     whiteRemoteAddress: 192.168.0.*               # this account passes without signature from these
 *     admin: false
 *     defaultTopicPerm: DENY                        # DENY | PUB | SUB | PUB|SUB (missing: DENY)
 *     defaultGroupPerm: SUB
 *     topicPerms: [ topicA=DENY, topicB=PUB|SUB ]
 *     groupPerms: [ groupA=DENY, groupB=PUB|SUB ]
 * dataVersion: [ { timestamp: ..., counter: ... } ] # written by RocketMQ's broker; ignored
 * </pre>
 *
 * Parsed with SnakeYAML's safe constructor (plain maps, lists and scalars: no classes named by the file), at most
 * {@link #MAX_BYTES} and {@link #MAX_ALIASES} aliases. Like RocketMQ (which binds the file to its beans), an unknown
 * key, a value of the wrong shape, a {@code res=WORD} item that does not split in two, a short key or secret and an
 * invalid address pattern fail the whole file; an unknown permission word is DENY, as in RocketMQ. Errors never quote
 * a secret. Pure: bytes in, {@link Data} or {@link AuthException} out.
 */
final class PlainAclFile {

    /** A parsed file: its global white patterns and its accounts, in file order. */
    record Data(List<RemoteAddressPattern> globalWhiteRemoteAddresses, List<PlainAccount> accounts) {
        static final Data EMPTY = new Data(List.of(), List.of());
    }

    static final int MAX_BYTES = 4 * 1024 * 1024;
    static final int MAX_ALIASES = 50;
    static final int MIN_KEY_LENGTH = 7;
    static final String RETRY_PREFIX = "%RETRY%";

    private static final Set<String> TOP_KEYS = Set.of("globalWhiteRemoteAddresses", "accounts", "dataVersion");
    private static final Set<String> ACCOUNT_KEYS = Set.of("accessKey", "secretKey", "whiteRemoteAddress", "admin",
        "defaultTopicPerm", "defaultGroupPerm", "topicPerms", "groupPerms");

    private PlainAclFile() {
    }

    /**
     * The file as SnakeYAML's plain tree (maps, lists, scalars), or null for an empty file, with the limits above;
     * {@link PlainAclEditor} edits this tree.
     *
     * @throws AuthException when it is too long or not YAML (never quoting it)
     */
    static Object tree(byte[] bytes) {
        if (bytes.length > MAX_BYTES) {
            throw new AuthException("the file has " + bytes.length + " bytes; at most " + MAX_BYTES + " are read");
        }
        Object root;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setMaxAliasesForCollections(MAX_ALIASES);
            options.setCodePointLimit(MAX_BYTES);
            options.setNestingDepthLimit(20);
            DumperOptions dumper = new DumperOptions();
            root = new Yaml(new SafeConstructor(options), new Representer(dumper), dumper, options)
                .load(new String(bytes, StandardCharsets.UTF_8));
        } catch (MarkedYAMLException e) {
            // The problem and where, never the context lines (they may quote a secret).
            throw new AuthException("not valid YAML: " + AuthFailures.printable(e.getProblem())
                + (e.getProblemMark() == null ? "" : " at line " + (e.getProblemMark().getLine() + 1) + ", column "
                + (e.getProblemMark().getColumn() + 1)));
        } catch (YAMLException e) {
            throw new AuthException("not valid YAML: " + firstLine(e.getMessage()));
        } catch (IllegalArgumentException | IllegalStateException | ArithmeticException | ClassCastException e) {
            // SnakeYAML's constructors of scalars (timestamps, numbers, binary) throw these for some malformed values,
            // and a ClassCastException for a scalar tag on a collection ("!!binary [a]", found by ToolsYmlPropertyTest).
            throw new AuthException("not valid YAML: a value cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        return root;
    }

    static Data parse(byte[] bytes) {
        Object root = tree(bytes);
        if (root == null) {
            return Data.EMPTY;
        }
        Map<?, ?> top = map(root, "the file");
        checkKeys(top, TOP_KEYS, "the file");
        List<RemoteAddressPattern> global = new ArrayList<>();
        for (Object p : list(top.get("globalWhiteRemoteAddresses"), "globalWhiteRemoteAddresses")) {
            global.add(RemoteAddressPattern.parse(scalar(p, "a globalWhiteRemoteAddresses item")));
        }
        list(top.get("dataVersion"), "dataVersion");
        List<PlainAccount> accounts = new ArrayList<>();
        List<?> raw = list(top.get("accounts"), "accounts");
        for (int i = 0; i < raw.size(); i++) {
            accounts.add(account(map(raw.get(i), "accounts[" + i + "]"), "accounts[" + i + "]"));
        }
        return new Data(List.copyOf(global), List.copyOf(accounts));
    }

    private static PlainAccount account(Map<?, ?> m, String where) {
        checkKeys(m, ACCOUNT_KEYS, where);
        String accessKey = scalar(m.get("accessKey"), where + ".accessKey");
        String secretKey = scalar(m.get("secretKey"), where + ".secretKey");
        if (accessKey == null || secretKey == null || accessKey.length() < MIN_KEY_LENGTH
            || secretKey.length() < MIN_KEY_LENGTH) {
            throw new AuthException(where + ": accessKey (" + (accessKey == null ? "missing"
                : "'" + AuthFailures.printable(accessKey) + "'") + ") and secretKey (not shown) are required and "
                + "must be longer than 6 characters");
        }
        String who = where + " (accessKey " + AuthFailures.printable(accessKey) + ")";
        RemoteAddressPattern white = RemoteAddressPattern.parse(scalar(m.get("whiteRemoteAddress"), who + ".whiteRemoteAddress"));
        Object admin = m.get("admin");
        boolean isAdmin;
        if (admin == null || admin instanceof Boolean) {
            isAdmin = Boolean.TRUE.equals(admin);
        } else if (admin instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            isAdmin = Boolean.parseBoolean(s);
        } else {
            throw new AuthException(who + ".admin must be true or false");
        }
        String topicWord = scalar(m.get("defaultTopicPerm"), who + ".defaultTopicPerm");
        String groupWord = scalar(m.get("defaultGroupPerm"), who + ".defaultGroupPerm");
        return new PlainAccount(accessKey, secretKey, white, isAdmin, PlainPermission.parse(topicWord),
            PlainPermission.parse(groupWord), perms(m.get("topicPerms"), who + ".topicPerms", false),
            perms(m.get("groupPerms"), who + ".groupPerms", true), topicWord, groupWord);
    }

    private static Map<String, Byte> perms(Object value, String where, boolean groups) {
        Map<String, Byte> out = new LinkedHashMap<>();
        for (Object item : list(value, where)) {
            String text = scalar(item, "an item of " + where);
            List<String> parts = text == null ? List.of() : RemoteAddressPattern.split(text, '=');
            if (parts.size() != 2) {
                throw new AuthException("an item of " + where + " is '" + AuthFailures.printable(text)
                    + "'; expected NAME=PERM, e.g. topicA=SUB");
            }
            String name = parts.get(0).trim();
            out.put(groups ? RETRY_PREFIX + name : name, PlainPermission.parse(parts.get(1).trim()));
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    private static void checkKeys(Map<?, ?> m, Set<String> known, String where) {
        for (Object k : m.keySet()) {
            if (!(k instanceof String s) || !known.contains(s)) {
                throw new AuthException(where + " has an unknown key '" + keyHead(String.valueOf(k))
                    + "'; known keys: " + new java.util.TreeSet<>(known));
            }
        }
    }

    /**
     * An unknown key as far as it can be a key: up to its first ':', blank or control character, at most 32
     * characters. A line such as {@code secretKey:abc} (no blank after the colon) is one key to YAML; what follows the
     * colon is a secret and is not repeated.
     */
    static String keyHead(String key) {
        int end = 0;
        while (end < key.length() && end < 32) {
            char c = key.charAt(end);
            if (c == ':' || Character.isWhitespace(c) || Character.isISOControl(c) || c == '\uFFFD') {
                break;
            }
            end++;
        }
        return key.substring(0, end) + (end < key.length() ? "..." : "");
    }

    private static Map<?, ?> map(Object o, String where) {
        if (o instanceof Map<?, ?> m) {
            return m;
        }
        throw new AuthException(where + " must be a mapping of keys to values, not " + shape(o));
    }

    private static List<?> list(Object o, String where) {
        if (o == null) {
            return List.of();
        }
        if (o instanceof List<?> l) {
            return l;
        }
        throw new AuthException(where + " must be a list, not " + shape(o));
    }

    /** A scalar as text (numbers and booleans as written), null when absent. */
    private static String scalar(Object o, String where) {
        if (o == null) {
            return null;
        }
        if (o instanceof String || o instanceof Number || o instanceof Boolean) {
            return o.toString();
        }
        throw new AuthException(where + " must be a single value, not " + shape(o));
    }

    private static String shape(Object o) {
        return o instanceof Map ? "a mapping" : o instanceof List ? "a list" : o == null ? "nothing"
            : "a " + o.getClass().getSimpleName();
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "(no detail)";
        }
        int nl = message.indexOf('\n');
        return AuthFailures.printable(nl < 0 ? message : message.substring(0, nl));
    }
}
