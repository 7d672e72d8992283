package dev.petrel.broker.auth;

/**
 * A refusal of the ACL 2.0 model: a bad user or ACL in an admin request, a bad stored file, a failed check. Its
 * message is the remark sent to the client (RocketMQ's text where RocketMQ has one) and never holds a secret.
 */
public final class AuthException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public AuthException(String message) {
        super(message, null, false, false);
    }
}
