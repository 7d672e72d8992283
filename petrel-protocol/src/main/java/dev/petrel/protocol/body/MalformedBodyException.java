package dev.petrel.protocol.body;

/**
 * A request or response body that cannot be read: missing, truncated, malformed JSON, wrong shape, or a compressed
 * body that does not inflate. The message names the body type and the problem, fit for a SYSTEM_ERROR remark.
 */
public final class MalformedBodyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public MalformedBodyException(String message) {
        super(message);
    }

    public MalformedBodyException(String message, Throwable cause) {
        super(message, cause);
    }
}
