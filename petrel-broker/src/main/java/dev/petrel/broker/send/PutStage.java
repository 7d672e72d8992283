package dev.petrel.broker.send;

import dev.petrel.broker.processor.Refusal;

import java.util.List;

/**
 * One step of the send path between validation and the store: it may refuse the message or rewrite it (topic,
 * queue, properties). This is where delayed messages (rewrite to SCHEDULE_TOPIC_XXXX), timer messages (parked in
 * rmq_sys_wheel_timer) and transactional half messages (RMQ_SYS_TRANS_HALF_TOPIC) plug in.
 *
 * <p>Stages run on send threads, in order, and must not block.
 */
@FunctionalInterface
public interface PutStage {

    /** Null to continue with the (possibly rewritten) message; otherwise why it is refused. */
    Refusal apply(PendingMessage message);

    /**
     * For a batch, after {@link #apply} ran on its envelope: may refuse it, rewrite its messages' properties, and move
     * the envelope (the one topic and queue every message of the batch is stored in). Null to continue.
     */
    default Refusal applyToBatch(PendingMessage envelope, List<PendingMessage> messages) {
        return null;
    }
}
