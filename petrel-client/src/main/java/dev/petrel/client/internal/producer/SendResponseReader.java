package dev.petrel.client.internal.producer;

import dev.petrel.client.BrokerException;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.client.SendMessageResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import java.util.Set;

/**
 * Reads a send response (flows.md §3 step 3): SUCCESS and the three "stored but not confirmed" codes become a
 * {@link SendResult}; any other code a {@link BrokerException}, which {@link #isRetryable} classifies. Pure.
 */
public final class SendResponseReader {

    /** Codes after which the 5.3.1 client tries again (on another broker). */
    static final Set<Integer> RETRYABLE = Set.of(ResponseCode.TOPIC_NOT_EXIST, ResponseCode.SERVICE_NOT_AVAILABLE,
        ResponseCode.SYSTEM_ERROR, ResponseCode.SYSTEM_BUSY, ResponseCode.NO_PERMISSION, ResponseCode.NO_BUYER_ID,
        ResponseCode.NOT_IN_CURRENT_UNIT, ResponseCode.GO_AWAY);

    public static final String DEFAULT_REGION = "DefaultRegion";

    private SendResponseReader() {
    }

    /**
     * @param msgId what {@link SendResult#msgId()} reports: the UNIQ_KEY, or the comma-joined keys of a batch
     */
    public static SendResult read(RemotingCommand response, MessageQueue queue, String msgId, String address) {
        SendStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> SendStatus.SEND_OK;
            case ResponseCode.FLUSH_DISK_TIMEOUT -> SendStatus.FLUSH_DISK_TIMEOUT;
            case ResponseCode.FLUSH_SLAVE_TIMEOUT -> SendStatus.FLUSH_SLAVE_TIMEOUT;
            case ResponseCode.SLAVE_NOT_AVAILABLE -> SendStatus.SLAVE_NOT_AVAILABLE;
            default -> throw new BrokerException(response.code(), response.remark(), address, "send to " + queue);
        };
        Decoded<SendMessageResponseHeader> decoded = SendMessageResponseHeaderCodec.INSTANCE.decode(response.extFields());
        if (!decoded.isOk()) {
            throw new BrokerException(ResponseCode.SYSTEM_ERROR, "malformed send response: " + decoded.errorMessage(),
                address, "send to " + queue);
        }
        SendMessageResponseHeader h = decoded.value();
        MessageQueue stored = new MessageQueue(queue.topic(), queue.brokerName(), h.queueId());
        return new SendResult(status, msgId, h.msgId(), stored, h.queueOffset(), h.transactionId(),
            h.msgRegion() == null ? DEFAULT_REGION : h.msgRegion());
    }

    public static boolean isRetryable(int responseCode) {
        return RETRYABLE.contains(responseCode);
    }
}
