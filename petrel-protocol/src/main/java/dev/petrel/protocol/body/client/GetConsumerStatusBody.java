package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;

/**
 * GET_CONSUMER_STATUS_FROM_CLIENT (221) response from a client ({@code messageQueueTable}) and
 * INVOKE_BROKER_TO_GET_CONSUMER_STATUS (223) response from the broker ({@code consumerTable}, by client id).
 */
public record GetConsumerStatusBody(
    Map<String, Map<MessageQueue, Long>> consumerTable,
    Map<MessageQueue, Long> messageQueueTable) {

    public static final BodyCodec<GetConsumerStatusBody> CODEC = BodyCodec.of(GetConsumerStatusBody.class);

    public GetConsumerStatusBody {
        consumerTable = BodyCollections.map(consumerTable);
        messageQueueTable = BodyCollections.map(messageQueueTable);
    }
}
