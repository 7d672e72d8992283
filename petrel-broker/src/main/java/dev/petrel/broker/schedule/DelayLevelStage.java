package dev.petrel.broker.schedule;

import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.send.PendingMessage;
import dev.petrel.broker.send.PutStage;
import dev.petrel.protocol.code.ResponseCode;

/**
 * The send path's delay-level stage: rewrites a delayed message into {@code SCHEDULE_TOPIC_XXXX}
 * ({@link DelayLevelRewrite}); the schedule loop delivers it to its real topic when due. Batches are not touched: the
 * send processor refuses batches that carry a delay level before the stages run. Runs on send threads; pure.
 */
public final class DelayLevelStage implements PutStage {

    private final DelayLevelRewrite rewrite;

    public DelayLevelStage(DelayLevelRewrite rewrite) {
        this.rewrite = rewrite;
    }

    @Override
    public Refusal apply(PendingMessage m) {
        if (m.isBatch()) {
            return null;
        }
        DelayLevelRewrite.Target t = rewrite.rewrite(m.topic(), m.queueId(), m.properties(), m.sysFlag());
        if (t == null) {
            return null;
        }
        if (t.isIllegal()) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, t.illegal());
        }
        m.topic(t.topic());
        m.queueId(t.queueId());
        m.properties(t.properties());
        return null;
    }
}
