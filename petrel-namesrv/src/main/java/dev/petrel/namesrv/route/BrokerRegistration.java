package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One REGISTER_BROKER, decoded: who the broker is, and the topics it reports (all of them, or only the changed ones
 * for an incremental registration).
 *
 * @param clusterName            the broker's cluster
 * @param brokerAddr             {@code ip:port} clients use
 * @param brokerName             the broker group's name (master and slaves share it)
 * @param brokerId               0 for the master, 1+ for slaves
 * @param haServerAddr           the HA address slaves replicate from
 * @param zoneName               optional zone, or null
 * @param heartbeatTimeoutMillis the broker's own liveness window, or null for the NameServer's default
 * @param enableActingMaster     null for brokers older than 5.0 (no acting-master support at all)
 * @param dataVersion            version of the broker's topic configuration
 * @param topics                 topic name → config
 * @param mappings               static-topic mappings by topic (empty normally)
 * @param filterServers          filter server addresses; null when the registration carries no list
 */
public record BrokerRegistration(
    String clusterName,
    String brokerAddr,
    String brokerName,
    long brokerId,
    String haServerAddr,
    String zoneName,
    Long heartbeatTimeoutMillis,
    Boolean enableActingMaster,
    DataVersion dataVersion,
    Map<String, TopicConfig> topics,
    Map<String, TopicQueueMappingInfo> mappings,
    List<String> filterServers) {

    public BrokerRegistration {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(brokerAddr, "brokerAddr");
        Objects.requireNonNull(brokerName, "brokerName");
        Objects.requireNonNull(dataVersion, "dataVersion");
        topics = BodyCollections.map(topics);
        mappings = BodyCollections.map(mappings);
        filterServers = BodyCollections.listOrNull(filterServers);
    }

    public BrokerKey key() {
        return new BrokerKey(clusterName, brokerAddr);
    }
}
