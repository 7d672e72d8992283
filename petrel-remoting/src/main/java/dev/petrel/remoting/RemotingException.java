package dev.petrel.remoting;

/**
 * A remote call that did not produce a response: the peer could not be reached, the request could not be sent,
 * no answer came in time, or the caller's in-flight limit was reached. Checked because every caller must decide
 * what such a failure means for it (retry elsewhere, report, give up). The message names the peer and the request.
 */
public class RemotingException extends Exception {

    private static final long serialVersionUID = 1L;

    public RemotingException(String message) {
        super(message);
    }

    public RemotingException(String message, Throwable cause) {
        super(message, cause);
    }
}
