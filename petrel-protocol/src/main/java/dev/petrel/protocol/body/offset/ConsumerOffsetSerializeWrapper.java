package dev.petrel.protocol.body.offset;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import java.util.Map;

/**
 * GET_ALL_CONSUMER_OFFSET (43) response and the broker's persisted {@code consumerOffset.json}: offsets by {@code
 * topic@group}, then queue id (Apache writes the queue ids unquoted). Apache's file also carries a derived {@code
 * groupTopicMap} that nobody reads; it is ignored here.
 */
public record ConsumerOffsetSerializeWrapper(
    DataVersion dataVersion,
    Map<String, Map<Integer, Long>> offsetTable) {

    public static final BodyCodec<ConsumerOffsetSerializeWrapper> CODEC = BodyCodec.of(ConsumerOffsetSerializeWrapper.class);

    public ConsumerOffsetSerializeWrapper {
        offsetTable = BodyCollections.map(offsetTable);
    }
}
