package dev.petrel.broker.auth;

/** ACL 2.0: whether a user may authenticate. Wire names as RocketMQ writes them; read case-insensitively. */
public enum UserStatus implements AuthNames.Named {
    ENABLE("enable"),
    DISABLE("disable");

    private final String wireName;

    UserStatus(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static UserStatus parse(String text) {
        return AuthNames.lookup(UserStatus.class, text);
    }
}
