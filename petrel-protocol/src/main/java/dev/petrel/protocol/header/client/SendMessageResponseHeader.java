package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.WireName;

/**
 * Response header of every send (10, 310, 320, 324, 325), including the two ext fields the broker adds outside
 * Apache's header class: {@code MSG_REGION} and {@code TRACE_ON}. The 5.3.1 client reads {@code msgId},
 * {@code queueId}, {@code queueOffset} and {@code MSG_REGION} on success without null checks: a success response must
 * carry them. Encoded by {@link SendMessageResponseHeaderCodec}.
 *
 * @param msgId         offset message id (broker address + commit-log offset, hex)
 * @param queueId       queue the message was stored in
 * @param queueOffset   logical offset of the (first) message
 * @param transactionId the message's UNIQ_KEY, for transactional sends
 * @param batchUniqId   inner-batch only
 * @param msgRegion     ext field {@code MSG_REGION}: region id, {@code DefaultRegion} unless configured
 * @param traceOn       ext field {@code TRACE_ON}: the broker's trace switch
 */
public record SendMessageResponseHeader(
    @Required String msgId,
    @Required int queueId,
    @Required long queueOffset,
    String transactionId,
    String batchUniqId,
    @WireName("MSG_REGION") String msgRegion,
    @WireName("TRACE_ON") Boolean traceOn) {
}
