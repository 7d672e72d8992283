package dev.petrel.protocol.frame;

/**
 * The {@code version} field: the ordinal of RocketMQ's {@code MQVersion.Version} enum, read from the 5.3.1 jar.
 * Only the versions that change behaviour somewhere (remoting-frame.md §7) are named here.
 */
public final class RemotingVersion {

    /** 37: REGISTER_BROKER bodies are RegisterBrokerBody from here on. */
    public static final int V3_0_11 = 37;
    /** 232: brokers below this cannot filter by SQL92. */
    public static final int V4_1_0_SNAPSHOT = 232;
    /** 401: NameServer answers route data with standard JSON map keys from here on. */
    public static final int V4_9_4 = 401;
    /** 413: REGISTER_BROKER carries topic-queue mappings from here on. */
    public static final int V5_0_0 = 413;
    /** 475: the version the official 5.3.1 client, tools and broker send. */
    public static final int V5_3_1 = 475;

    /**
     * What Petrel puts in every request and response. Clients store a broker's version from its HEART_BEAT
     * response, so this must look like a real RocketMQ release.
     */
    public static final int CURRENT = V5_3_1;

    private RemotingVersion() {
    }
}
