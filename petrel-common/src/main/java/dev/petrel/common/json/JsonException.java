package dev.petrel.common.json;

/**
 * JSON text that cannot be turned into the requested value: malformed, truncated, too deeply nested, or of the wrong
 * shape. The message says where and why, so a server can put it into an error response's remark.
 */
public final class JsonException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public JsonException(String message) {
        super(message);
    }

    public JsonException(String message, Throwable cause) {
        super(message, cause);
    }
}
