package dev.petrel.broker.send;

import dev.petrel.broker.processor.Refusal;

/**
 * One step of the send path between validation and the store: it may refuse the message or rewrite it (topic,
 * queue, properties). This is where delayed messages (rewrite to SCHEDULE_TOPIC_XXXX), timer messages and
 * transactional half messages plug in; until those features exist, {@link UnsupportedFeatureStage} refuses them
 * with a clear remark rather than storing them as ordinary messages.
 *
 * <p>Stages run on send threads, in order, and must not block.
 */
@FunctionalInterface
public interface PutStage {

    /** Null to continue with the (possibly rewritten) message; otherwise why it is refused. */
    Refusal apply(PendingMessage message);
}
