package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222) response and RESET_CONSUMER_CLIENT_OFFSET (220) body: the new offset of each
 * queue.
 */
public record ResetOffsetBody(
    Map<MessageQueue, Long> offsetTable) {

    public static final BodyCodec<ResetOffsetBody> CODEC = BodyCodec.of(ResetOffsetBody.class);

    public ResetOffsetBody {
        offsetTable = BodyCollections.map(offsetTable);
    }
}
