package dev.petrel.broker.auth;

/** ACL 2.0: what a request does to a resource; ANY is never stored (RocketMQ refuses it in an ACL). Wire names as RocketMQ writes them; read case-insensitively. */
public enum Action implements AuthNames.Named {
    ALL("All"),
    ANY("Any"),
    PUB("Pub"),
    SUB("Sub"),
    CREATE("Create"),
    UPDATE("Update"),
    DELETE("Delete"),
    GET("Get"),
    LIST("List");

    private final String wireName;

    Action(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static Action parse(String text) {
        return AuthNames.lookup(Action.class, text);
    }
}
