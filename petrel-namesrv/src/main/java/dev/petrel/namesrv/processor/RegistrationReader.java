package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.route.BrokerRegistration;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingVersion;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a REGISTER_BROKER request (header, body, sender version) into a {@link BrokerRegistration}: checks the body's
 * CRC, reads the JSON, compressed or pre-3.0.11 body, and checks the topic names. Nothing here touches the registry, so
 * a request that fails changes nothing.
 */
final class RegistrationReader {

    /** DataVersion of a registration without a body (RocketMQ uses counter 0, timestamp 0). */
    private static final DataVersion NO_VERSION = new DataVersion(0, 0, 0);

    private RegistrationReader() {
    }

    /**
     * @throws NamesrvProcessor.BadRequest SYSTEM_ERROR for a CRC mismatch, an unreadable body or empty identity fields
     */
    static BrokerRegistration read(RegisterBrokerRequestHeader header, byte[] body, int version)
        throws NamesrvProcessor.BadRequest {
        requireText("clusterName", header.clusterName());
        requireText("brokerName", header.brokerName());
        requireText("brokerAddr", header.brokerAddr());
        if (header.bodyCrc32() != 0) {
            int actual = body == null ? 0 : RegisterBrokerBodyCodec.bodyCrc32(body);
            if (actual != header.bodyCrc32()) {
                throw new NamesrvProcessor.BadRequest(ResponseCode.SYSTEM_ERROR, "crc32 not match: the header says " + header.bodyCrc32()
                    + " but the " + (body == null ? 0 : body.length) + "-byte body has " + actual
                    + "; nothing was registered (the broker retries on its next registration)");
            }
        }
        try {
            return version >= RemotingVersion.V3_0_11 ? readBody(header, body, version) : readOldBody(header, body);
        } catch (MalformedBodyException e) {
            throw new NamesrvProcessor.BadRequest(ResponseCode.SYSTEM_ERROR, "Failed to decode RegisterBrokerBody: " + e.getMessage());
        }
    }

    private static BrokerRegistration readBody(RegisterBrokerRequestHeader header, byte[] body, int version) {
        if (body == null) {
            return registration(header, NO_VERSION, Map.of(), Map.of(), List.of());
        }
        RegisterBrokerBody decoded = RegisterBrokerBodyCodec.decode(body, header.compressed(), version);
        var wrapper = decoded.topicConfigSerializeWrapper();
        if (wrapper == null) {
            return registration(header, NO_VERSION, Map.of(), Map.of(), decoded.filterServerList());
        }
        return registration(header, wrapper.dataVersion(), wrapper.topicConfigTable(), wrapper.topicQueueMappingInfoMap(),
            decoded.filterServerList());
    }

    /** Brokers before 3.0.11 send a bare TopicConfigSerializeWrapper and no filter server list. */
    private static BrokerRegistration readOldBody(RegisterBrokerRequestHeader header, byte[] body) {
        if (body == null) {
            return registration(header, NO_VERSION, Map.of(), Map.of(), null);
        }
        TopicConfigSerializeWrapper wrapper = TopicConfigSerializeWrapper.CODEC.decode(body);
        return registration(header, wrapper.dataVersion(), wrapper.topicConfigTable(), Map.of(), null);
    }

    private static BrokerRegistration registration(RegisterBrokerRequestHeader h, DataVersion version,
                                                   Map<String, TopicConfig> topics,
                                                   Map<String, TopicQueueMappingInfo> mappings,
                                                   List<String> filterServers) {
        Map<String, TopicConfig> named = new LinkedHashMap<>();
        for (Map.Entry<String, TopicConfig> e : topics.entrySet()) {
            TopicConfig topic = e.getValue();
            if (topic == null) {
                throw new MalformedBodyException("topic " + e.getKey() + " has no config");
            }
            String name = topic.topicName() != null && !topic.topicName().isEmpty() ? topic.topicName() : e.getKey();
            if (name == null || name.isEmpty()) {
                throw new MalformedBodyException("a topic config has no topic name");
            }
            named.put(name, topic);
        }
        return new BrokerRegistration(h.clusterName(), h.brokerAddr(), h.brokerName(), h.brokerId(), h.haServerAddr(),
            h.zoneName(), h.heartbeatTimeoutMillis(), h.enableActingMaster(), version == null ? NO_VERSION : version,
            named, mappings, filterServers);
    }

    private static void requireText(String field, String value) throws NamesrvProcessor.BadRequest {
        if (value == null || value.isBlank()) {
            throw new NamesrvProcessor.BadRequest(ResponseCode.SYSTEM_ERROR, "the custom field <" + field + "> is empty");
        }
    }
}
