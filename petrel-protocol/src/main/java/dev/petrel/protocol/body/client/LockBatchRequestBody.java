package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Set;

/**
 * LOCK_BATCH_MQ (41) body; {@code onlyThisBroker} is set when a broker forwards the lock to its replicas.
 */
public record LockBatchRequestBody(
    String clientId,
    String consumerGroup,
    Set<MessageQueue> mqSet,
    boolean onlyThisBroker) {

    public static final BodyCodec<LockBatchRequestBody> CODEC = BodyCodec.of(LockBatchRequestBody.class);

    public LockBatchRequestBody {
        mqSet = BodyCollections.set(mqSet);
    }
}
