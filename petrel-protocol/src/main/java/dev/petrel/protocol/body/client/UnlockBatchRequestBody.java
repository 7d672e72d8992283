package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Set;

/**
 * UNLOCK_BATCH_MQ (42) body.
 */
public record UnlockBatchRequestBody(
    String clientId,
    String consumerGroup,
    Set<MessageQueue> mqSet,
    boolean onlyThisBroker) {

    public static final BodyCodec<UnlockBatchRequestBody> CODEC = BodyCodec.of(UnlockBatchRequestBody.class);

    public UnlockBatchRequestBody {
        mqSet = BodyCollections.set(mqSet);
    }
}
