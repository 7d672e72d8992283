package dev.petrel.dashboard.http;

/**
 * An expected refusal: an HTTP status and a message a person can act on (a missing field, a body too large, a
 * read-only dashboard). The router answers it in the JSON envelope; it is never logged as an error.
 */
public final class ApiException extends RuntimeException {

    public static final int BAD_REQUEST = 400;
    public static final int FORBIDDEN = 403;
    public static final int NOT_FOUND = 404;
    public static final int METHOD_NOT_ALLOWED = 405;
    public static final int TOO_LARGE = 413;
    public static final int URI_TOO_LONG = 414;
    public static final int UNSUPPORTED_MEDIA_TYPE = 415;

    private final int status;

    public ApiException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(BAD_REQUEST, message);
    }

    public int status() {
        return status;
    }
}
