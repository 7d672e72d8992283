package dev.petrel.broker.send;

import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;

/**
 * Maps the store's answer to a send's response code and remark, as Apache's {@code handlePutMessageResult} does,
 * with the store's reason appended so the remark says what actually happened.
 */
public final class PutStatusCodes {

    private PutStatusCodes() {
    }

    public static int code(PutStatus status) {
        return switch (status) {
            case PUT_OK -> ResponseCode.SUCCESS;
            case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
            case FLUSH_SLAVE_TIMEOUT -> ResponseCode.FLUSH_SLAVE_TIMEOUT;
            case SLAVE_NOT_AVAILABLE -> ResponseCode.SLAVE_NOT_AVAILABLE;
            // Apache answers a put on a DLedger follower (NOT_LEADER) with SERVICE_NOT_AVAILABLE (ha.md §2.4).
            case NOT_LEADER -> ResponseCode.SERVICE_NOT_AVAILABLE;
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> ResponseCode.MESSAGE_ILLEGAL;
            case SERVICE_NOT_AVAILABLE -> ResponseCode.SERVICE_NOT_AVAILABLE;
            case UNKNOWN_ERROR -> ResponseCode.SYSTEM_ERROR;
        };
    }

    /** The remark of a refused put (null for stored messages, as Apache clears it). */
    public static String remark(PutResult result, int maxMessageSize) {
        String reason = result.reason() == null ? "" : ": " + result.reason();
        return switch (result.status()) {
            case PUT_OK -> null;
            case FLUSH_DISK_TIMEOUT -> "stored, but not yet forced to disk" + reason;
            case FLUSH_SLAVE_TIMEOUT -> "stored, but not yet acknowledged by the slave" + reason;
            case SLAVE_NOT_AVAILABLE -> "stored, but no slave is in sync" + reason;
            case NOT_LEADER -> "service not available now: this broker is not the leader of its group; send to the "
                + "leader" + reason;
            case MESSAGE_ILLEGAL, PROPERTIES_SIZE_EXCEEDED -> "the message is illegal, maybe msg body or properties length "
                + "not matched. msg body length limit " + maxMessageSize + "B, msg properties length limit 32KB" + reason;
            // RocketMQ's remark (ha.md §1.9), then what actually happened.
            case SERVICE_NOT_AVAILABLE -> "service not available now. It may be caused by one of the following "
                + "reasons: the broker's disk is full, messages are put to the slave, message store has been shut "
                + "down, etc." + reason;
            case UNKNOWN_ERROR -> "UNKNOWN_ERROR" + reason;
        };
    }
}
