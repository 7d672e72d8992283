package dev.petrel.broker.auth;

/** ACL 2.0: an ACL's two policies: Default entries are consulted only when no Custom entry matches. Wire names as RocketMQ writes them; read case-insensitively. */
public enum PolicyType implements AuthNames.Named {
    CUSTOM("Custom"),
    DEFAULT("Default");

    private final String wireName;

    PolicyType(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static PolicyType parse(String text) {
        return AuthNames.lookup(PolicyType.class, text);
    }
}
