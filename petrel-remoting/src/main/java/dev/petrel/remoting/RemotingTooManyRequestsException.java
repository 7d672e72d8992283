package dev.petrel.remoting;

/**
 * Back-pressure on the calling side: every permit for in-flight async (or oneway) calls was taken and none was freed
 * within the call's timeout. Nothing was sent. The message names the limit and the property that sets it.
 */
public final class RemotingTooManyRequestsException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingTooManyRequestsException(String message) {
        super(message);
    }
}
