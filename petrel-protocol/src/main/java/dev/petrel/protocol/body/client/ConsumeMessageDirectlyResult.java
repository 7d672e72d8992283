package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;

/**
 * CONSUME_MESSAGE_DIRECTLY (309) response, produced by the client and relayed by the broker. Absent properties take
 * {@link #DEFAULTS} ({@code autoCommit} true).
 */
public record ConsumeMessageDirectlyResult(
    boolean autoCommit,
    CMResult consumeResult,
    boolean order,
    String remark,
    long spentTimeMills) {

    public static final ConsumeMessageDirectlyResult DEFAULTS = new ConsumeMessageDirectlyResult(true, null, false, null, 0);
    public static final BodyCodec<ConsumeMessageDirectlyResult> CODEC = BodyCodec.of(ConsumeMessageDirectlyResult.class);
}
