package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * The reset-offset body the broker sends to C++ clients (language CPP) instead of ResetOffsetBody.
 */
public record ResetOffsetBodyForC(
    List<MessageQueueForC> offsetTable) {

    public static final BodyCodec<ResetOffsetBodyForC> CODEC = BodyCodec.of(ResetOffsetBodyForC.class);

    public ResetOffsetBodyForC {
        offsetTable = BodyCollections.listOrNull(offsetTable);
    }
}
