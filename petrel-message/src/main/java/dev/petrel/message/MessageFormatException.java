package dev.petrel.message;

/**
 * Bytes that are not a valid message record, properties string, message id or batch body. The message says which
 * field is wrong and at which offset, so a person can tell a truncated read from a corrupt file.
 */
public final class MessageFormatException extends RuntimeException {

    public MessageFormatException(String message) {
        super(message);
    }

    public MessageFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
