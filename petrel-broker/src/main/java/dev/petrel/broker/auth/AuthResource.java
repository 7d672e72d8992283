package dev.petrel.broker.auth;

/**
 * What a policy entry names (security.md §3.5): {@code *} (any type, any name), {@code Type:*} (any name of one
 * type), {@code Type:prefix*} (names starting with the prefix) or {@code Type:name} (that name).
 *
 * @param type    null for {@code *}
 * @param name    the literal name or the prefix; null for the two "any" forms
 * @param pattern how {@code name} matches
 */
public record AuthResource(ResourceType type, String name, ResourcePattern pattern) {

    public static final AuthResource ANYTHING = new AuthResource(null, null, ResourcePattern.ANY);

    /** Parses a resource string; throws {@link AuthException} naming the problem. */
    public static AuthResource parse(String text) {
        if (text == null || text.isBlank()) {
            throw new AuthException("The resource is blank.");
        }
        String s = text.trim();
        if (s.equals("*")) {
            return ANYTHING;
        }
        int colon = s.indexOf(':');
        ResourceType type = colon <= 0 ? null : ResourceType.parse(s.substring(0, colon));
        String name = colon <= 0 ? "" : s.substring(colon + 1);
        if (type == null || name.isEmpty()) {
            throw new AuthException("The resource " + AuthFailures.printable(s) + " is invalid; expected *, Type:*, "
                + "Type:prefix* or Type:name with Type one of Cluster, Namespace, Topic, Group.");
        }
        if (name.equals("*")) {
            return new AuthResource(type, null, ResourcePattern.ANY);
        }
        if (name.endsWith("*")) {
            return new AuthResource(type, name.substring(0, name.length() - 1), ResourcePattern.PREFIXED);
        }
        return new AuthResource(type, name, ResourcePattern.LITERAL);
    }

    /** A literal resource, as requests name them. */
    public static AuthResource of(ResourceType type, String name) {
        return new AuthResource(type, name, ResourcePattern.LITERAL);
    }

    /** Whether this entry's resource covers the literal {@code requested}. */
    public boolean covers(AuthResource requested) {
        if (type == null) {
            return true;
        }
        if (type != requested.type()) {
            return false;
        }
        return switch (pattern) {
            case ANY -> true;
            case PREFIXED -> requested.name() != null && requested.name().startsWith(name);
            case LITERAL -> name.equals(requested.name());
        };
    }

    /**
     * How specific this resource is, higher first: a literal name, then longer prefixes, then {@code Type:*}, then
     * {@code *} (the documented rule; see docs/compatibility.md for how 5.3.1's comparator differs).
     */
    long specificity() {
        if (type == null) {
            return 0;
        }
        return switch (pattern) {
            case ANY -> 1;
            case PREFIXED -> 2L + name.length();
            case LITERAL -> Long.MAX_VALUE;
        };
    }

    /** RocketMQ's resource string, e.g. {@code Topic:orders}, {@code Group:app*}, {@code *}. */
    public String key() {
        if (type == null) {
            return "*";
        }
        return type.wireName() + ":" + switch (pattern) {
            case ANY -> "*";
            case PREFIXED -> name + "*";
            case LITERAL -> name;
        };
    }

    @Override
    public String toString() {
        return key();
    }
}
