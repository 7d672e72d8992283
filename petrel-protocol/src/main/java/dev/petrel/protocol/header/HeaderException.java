package dev.petrel.protocol.header;

/** A header that could not be decoded, thrown by {@link Decoded#orElseThrow()} for callers that want an exception. */
public final class HeaderException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public HeaderException(String message) {
        super(message);
    }
}
