package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.topic.TopicConfig;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds registrations the way a 5.x broker sends them (enableActingMaster false, no own timeout). */
final class Registrations {

    static final String CLUSTER = "DefaultCluster";

    private final String cluster;
    private final String brokerName;
    private final long brokerId;
    private final String addr;
    private DataVersion version = new DataVersion(1, 0, 1_000);
    private final Map<String, TopicConfig> topics = new LinkedHashMap<>();
    private Boolean actingMaster = Boolean.FALSE;
    private Long timeout;
    private List<String> filterServers = List.of();
    private String haAddr;

    private Registrations(String cluster, String brokerName, long brokerId, String addr) {
        this.cluster = cluster;
        this.brokerName = brokerName;
        this.brokerId = brokerId;
        this.addr = addr;
        this.haAddr = addr.replaceAll(":\\d+$", ":10912");
    }

    static Registrations master(String brokerName, String addr) {
        return new Registrations(CLUSTER, brokerName, 0, addr);
    }

    static Registrations broker(String cluster, String brokerName, long id, String addr) {
        return new Registrations(cluster, brokerName, id, addr);
    }

    Registrations version(long counter) {
        this.version = new DataVersion(counter, version.stateVersion(), 1_000 + counter);
        return this;
    }

    Registrations stateVersion(long stateVersion) {
        this.version = new DataVersion(version.counter(), stateVersion, version.timestamp());
        return this;
    }

    Registrations topic(String name, int queues, int perm) {
        topics.put(name, TopicConfig.of(name, queues, queues, perm));
        return this;
    }

    Registrations topic(TopicConfig config) {
        topics.put(config.topicName(), config);
        return this;
    }

    Registrations actingMaster(Boolean value) {
        this.actingMaster = value;
        return this;
    }

    Registrations timeout(long millis) {
        this.timeout = millis;
        return this;
    }

    Registrations filterServers(List<String> servers) {
        this.filterServers = servers;
        return this;
    }

    BrokerRegistration build() {
        return new BrokerRegistration(cluster, addr, brokerName, brokerId, haAddr, null, timeout, actingMaster, version,
            topics, Map.of(), filterServers);
    }
}
