package dev.petrel.client;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * Settings every Petrel client shares (RocketMQ's {@code ClientConfig} names and defaults). Clients of one process
 * with the same NameServers and instance name share one connection set, scheduler and client id; the first one to
 * start decides these settings.
 */
public final class ClientConfig {

    public static final ConfigKey<String> NAMESRV_ADDR = ConfigKey.ofString("namesrvAddr", null,
        "NameServer addresses, host:port separated by ';' (required, here or from the system property or variable).")
        .orSystemProperty("rocketmq.namesrv.addr").orEnvironmentVariable("NAMESRV_ADDR");
    public static final ConfigKey<String> INSTANCE_NAME = ConfigKey.ofString("instanceName", "DEFAULT",
        "Second half of the client id (ip@instanceName); DEFAULT becomes the process id. Clients with different "
            + "instance names use separate connections and count as separate group members.")
        .orSystemProperty("rocketmq.client.name");
    public static final ConfigKey<String> CLIENT_IP = ConfigKey.ofString("clientIP", null,
        "First half of the client id; unset picks this host's preferred IPv4 address.");
    public static final ConfigKey<Integer> POLL_NAME_SERVER_INTERVAL = ConfigKey.ofInt("pollNameServerInterval", 30_000,
        10, Integer.MAX_VALUE, "How often (ms) the routes of every used topic are fetched again.");
    public static final ConfigKey<Integer> HEARTBEAT_BROKER_INTERVAL = ConfigKey.ofInt("heartbeatBrokerInterval", 30_000,
        10, Integer.MAX_VALUE, "How often (ms) the client sends HEART_BEAT to every broker.");
    public static final ConfigKey<Integer> PERSIST_CONSUMER_OFFSET_INTERVAL = ConfigKey.ofInt(
        "persistConsumerOffsetInterval", 5_000, 10, Integer.MAX_VALUE,
        "How often (ms) consumers commit their offsets (oneway UPDATE_CONSUMER_OFFSET, or the local file).");
    public static final ConfigKey<Integer> MQ_CLIENT_API_TIMEOUT = ConfigKey.ofInt("mqClientApiTimeout", 3_000, 1,
        Integer.MAX_VALUE, "Timeout (ms) of the client's control calls (routes, heartbeats, offsets, admin).");

    public static final ConfigKey<Long> REBALANCE_WAIT_INTERVAL = ConfigKey.ofLong(
        "rocketmq.client.rebalance.waitInterval", 20_000, 10, Long.MAX_VALUE,
        "How often (ms) consumers rebalance their queues (also at once when a broker reports a membership change).")
        .orSystemProperty("rocketmq.client.rebalance.waitInterval");

    public static final ConfigKey<String> ACCESS_KEY = ConfigKey.ofString("accessKey", null,
        "ACL access key (the ACL 2.0 username); with secretKey, every request is signed as RocketMQ's AclClientRPCHook "
            + "signs it (NameServer and broker requests alike). Unset: requests are not signed.");
    public static final ConfigKey<String> SECRET_KEY = ConfigKey.ofString("secretKey", null,
        "ACL secret key (the ACL 2.0 password) that signs requests; never sent, logged or shown.").secret();
    public static final ConfigKey<String> SECURITY_TOKEN = ConfigKey.ofString("securityToken", null,
        "optional ACL security token, sent as the SecurityToken field and signed; never logged or shown.").secret();

    public static final ConfigDef DEFINITION = ConfigDef.of("client", NAMESRV_ADDR, INSTANCE_NAME, CLIENT_IP,
        POLL_NAME_SERVER_INTERVAL, HEARTBEAT_BROKER_INTERVAL, PERSIST_CONSUMER_OFFSET_INTERVAL, MQ_CLIENT_API_TIMEOUT,
        REBALANCE_WAIT_INTERVAL, ACCESS_KEY, SECRET_KEY, SECURITY_TOKEN);

    private ClientConfig() {
    }
}
