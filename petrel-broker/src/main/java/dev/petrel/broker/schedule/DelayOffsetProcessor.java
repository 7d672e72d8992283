package dev.petrel.broker.schedule;

import dev.petrel.broker.processor.Replies;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;

/**
 * GET_ALL_DELAY_OFFSET (45): the schedule loop's progress per level, the content of {@code delayOffset.json}
 * (a slave broker copies it from its master). Runs on the admin threads.
 */
public final class DelayOffsetProcessor implements RequestProcessor {

    private final DelayOffsetTable offsets;

    public DelayOffsetProcessor(DelayOffsetTable offsets) {
        this.offsets = offsets;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return Replies.okJson(request, DelayOffsetSerializeWrapper.CODEC, offsets.snapshot());
    }
}
