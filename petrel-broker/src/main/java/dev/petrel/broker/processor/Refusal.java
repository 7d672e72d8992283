package dev.petrel.broker.processor;

import dev.petrel.protocol.frame.RemotingCommand;

/**
 * An expected "no" to a request: a response code and a remark a person can act on. Checks return one instead of
 * throwing; the processor turns it into the response.
 */
public record Refusal(int code, String remark) {

    /** The response to {@code request} carrying this refusal. */
    public RemotingCommand toResponse(RemotingCommand request) {
        return request.response(code, remark);
    }
}
