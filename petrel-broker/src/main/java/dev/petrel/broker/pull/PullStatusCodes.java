package dev.petrel.broker.pull;

import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.store.GetStatus;

/**
 * The response code of a pull from the store's status (Apache's {@code composeResponseHeader}, flows.md §8). The
 * response's remark is the status name and its {@code nextBeginOffset} the store's corrected offset.
 */
public final class PullStatusCodes {

    /** Not a store status: a server-side offset reset was pending for the queue. */
    public static final String OFFSET_RESET = "OFFSET_RESET";

    private PullStatusCodes() {
    }

    /**
     * @param requestedOffset the pull's queue offset (an empty or missing queue answers OFFSET_MOVED unless it is 0)
     */
    public static int code(GetStatus status, long requestedOffset) {
        return switch (status) {
            case FOUND -> ResponseCode.SUCCESS;
            case MESSAGE_WAS_REMOVING, NO_MATCHED_MESSAGE -> ResponseCode.PULL_RETRY_IMMEDIATELY;
            case NO_MATCHED_LOGIC_QUEUE, NO_MESSAGE_IN_QUEUE ->
                requestedOffset != 0 ? ResponseCode.PULL_OFFSET_MOVED : ResponseCode.PULL_NOT_FOUND;
            case OFFSET_FOUND_NULL, OFFSET_OVERFLOW_ONE -> ResponseCode.PULL_NOT_FOUND;
            case OFFSET_OVERFLOW_BADLY, OFFSET_TOO_SMALL -> ResponseCode.PULL_OFFSET_MOVED;
        };
    }
}
