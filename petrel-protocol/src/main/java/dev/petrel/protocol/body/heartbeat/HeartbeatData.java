package dev.petrel.protocol.body.heartbeat;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * HEART_BEAT (34) body. Note {@code clientID} (capital ID): {@code clientIP@instanceName[@unitName]}. {@code
 * heartbeatFingerprint} is 0 unless the client enables heartbeat V2; {@code withoutSub} = subscriptions omitted
 * because unchanged (V2).
 */
public record HeartbeatData(
    String clientID,
    Set<ConsumerData> consumerDataSet,
    int heartbeatFingerprint,
    Set<ProducerData> producerDataSet,
    boolean withoutSub) {

    public static final BodyCodec<HeartbeatData> CODEC = BodyCodec.of(HeartbeatData.class);

    public HeartbeatData {
        consumerDataSet = BodyCollections.set(consumerDataSet);
        producerDataSet = BodyCollections.set(producerDataSet);
    }
}
