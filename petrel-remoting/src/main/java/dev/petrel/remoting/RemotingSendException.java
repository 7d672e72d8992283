package dev.petrel.remoting;

/**
 * The request could not be written, or the connection closed before its response arrived; the peer may or may not
 * have processed it.
 */
public final class RemotingSendException extends RemotingException {

    private static final long serialVersionUID = 1L;

    public RemotingSendException(String message, Throwable cause) {
        super(message, cause);
    }
}
