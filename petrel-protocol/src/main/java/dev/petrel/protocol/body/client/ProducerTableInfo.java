package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;
import java.util.Map;

/**
 * GET_ALL_PRODUCER_INFO (328) response: producers by group.
 */
public record ProducerTableInfo(
    Map<String, List<ProducerInfo>> data) {

    public static final BodyCodec<ProducerTableInfo> CODEC = BodyCodec.of(ProducerTableInfo.class);

    public ProducerTableInfo {
        data = BodyCollections.map(data);
    }
}
