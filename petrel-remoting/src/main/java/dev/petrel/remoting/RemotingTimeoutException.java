package dev.petrel.remoting;

/** The request was sent but no response arrived within the timeout; the peer may still process it. */
public final class RemotingTimeoutException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingTimeoutException(String message) {
        super(message);
    }
}
