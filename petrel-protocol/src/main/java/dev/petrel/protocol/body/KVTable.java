package dev.petrel.protocol.body;

import java.util.Map;

/**
 * {@code {"table":{key:value}}}: GET_BROKER_RUNTIME_INFO (keys in {@link dev.petrel.protocol.body.stats.RuntimeInfoKeys}),
 * GET_KVLIST_BY_NAMESPACE, and the REGISTER_BROKER response (namespace ORDER_TOPIC_CONFIG).
 */
public record KVTable(Map<String, String> table) {

    public static final BodyCodec<KVTable> CODEC = BodyCodec.of(KVTable.class);

    public KVTable {
        table = BodyCollections.map(table);
    }
}
