package dev.petrel.broker.auth;

/** ACL 2.0: the kinds of resource a policy entry names. Wire names as RocketMQ writes them; read case-insensitively. */
public enum ResourceType implements AuthNames.Named {
    CLUSTER("Cluster"),
    NAMESPACE("Namespace"),
    TOPIC("Topic"),
    GROUP("Group");

    private final String wireName;

    ResourceType(String wireName) {
        this.wireName = wireName;
    }

    @Override
    public String wireName() {
        return wireName;
    }

    /** The constant named {@code text} (any case); null for null, blank or unknown text. */
    public static ResourceType parse(String text) {
        return AuthNames.lookup(ResourceType.class, text);
    }
}
