package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Set;

/**
 * LOCK_BATCH_MQ (41) response: the queues now locked by the requesting client.
 */
public record LockBatchResponseBody(
    Set<MessageQueue> lockOKMQSet) {

    public static final BodyCodec<LockBatchResponseBody> CODEC = BodyCodec.of(LockBatchResponseBody.class);

    public LockBatchResponseBody {
        lockOKMQSet = BodyCollections.set(lockOKMQSet);
    }
}
