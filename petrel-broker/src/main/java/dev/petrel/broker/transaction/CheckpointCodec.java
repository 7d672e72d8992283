package dev.petrel.broker.transaction;

import dev.petrel.common.json.JsonCodec;

/**
 * {@code config/transactionCheck.json}, Petrel's own file (Apache keeps this progress as consumer offsets of group
 * {@code CID_RMQ_SYS_TRANS} and re-puts undecided half messages instead):
 *
 * <pre>
 *   {"checkTimes":{"12":3,"13":1},"done":[14,15],"halfOffset":12,"opOffset":9}   (keys sorted)
 * </pre>
 * halfOffset: every half-queue offset below it is decided; opOffset: op-queue offset read up to; done: decided offsets
 * at or above halfOffset; checkTimes: check-backs sent per undecided offset.
 */
final class CheckpointCodec {

    private static final JsonCodec JSON = JsonCodec.standard();

    private CheckpointCodec() {
    }

    static byte[] encode(HalfQueueState.Checkpoint checkpoint) {
        return JSON.encode(checkpoint);
    }

    static HalfQueueState.Checkpoint decode(byte[] json) {
        return JSON.decode(json, HalfQueueState.Checkpoint.class);
    }
}
