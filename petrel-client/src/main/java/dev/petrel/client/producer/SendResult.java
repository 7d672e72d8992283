package dev.petrel.client.producer;

import dev.petrel.protocol.body.MessageQueue;

/**
 * The outcome of a stored send.
 *
 * @param status        {@link SendStatus#SEND_OK} unless the broker could not confirm durability in time
 * @param msgId         the producer-assigned id (UNIQ_KEY) consumers see as {@code msgId}; for a batch the ids of all
 *                      messages, comma-separated
 * @param offsetMsgId   the broker's id (store address + commit-log offset); for a batch comma-separated
 * @param queue         where the message (or the whole batch) went
 * @param queueOffset   its logical offset in that queue (of the first message of a batch)
 * @param transactionId the transaction id, for transactional sends; else null
 * @param regionId      the broker's region ({@code DefaultRegion} unless configured)
 */
public record SendResult(SendStatus status, String msgId, String offsetMsgId, MessageQueue queue, long queueOffset,
                         String transactionId, String regionId) {
}
