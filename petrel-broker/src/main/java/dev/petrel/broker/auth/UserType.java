package dev.petrel.broker.auth;

/** ACL 2.0: a user's kind; Super users pass every authorization check and may manage Super users. Wire names as RocketMQ writes them; read case-insensitively. */
public enum UserType implements AuthNames.Named {
    SUPER("Super"),
    NORMAL("Normal");

    private final String wireName;

    UserType(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static UserType parse(String text) {
        return AuthNames.lookup(UserType.class, text);
    }
}
