package dev.petrel.broker.auth;

/** ACL 2.0: the outcome of a matching policy entry. Wire names as RocketMQ writes them; read case-insensitively. */
public enum Decision implements AuthNames.Named {
    ALLOW("Allow"),
    DENY("Deny");

    private final String wireName;

    Decision(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static Decision parse(String text) {
        return AuthNames.lookup(Decision.class, text);
    }
}
