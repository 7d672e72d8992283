package dev.petrel.protocol.header;

import dev.petrel.protocol.code.ResponseCode;
import java.util.Objects;

/**
 * The outcome of decoding a header: the header, or the reason it could not be read. A server answers a failure with
 * {@link #responseCode()} and {@link #errorMessage()} as the remark, as Apache RocketMQ 5.3.1 does.
 *
 * @param <T> the header type
 */
public final class Decoded<T> {

    private final T value;
    private final String errorMessage;

    private Decoded(T value, String errorMessage) {
        this.value = value;
        this.errorMessage = errorMessage;
    }

    public static <T> Decoded<T> ok(T value) {
        return new Decoded<>(Objects.requireNonNull(value, "value"), null);
    }

    public static <T> Decoded<T> invalid(String errorMessage) {
        return new Decoded<>(null, Objects.requireNonNull(errorMessage, "errorMessage"));
    }

    public boolean isOk() {
        return errorMessage == null;
    }

    /** The header; only when {@link #isOk()}. */
    public T value() {
        if (errorMessage != null) {
            throw new IllegalStateException("header is invalid: " + errorMessage);
        }
        return value;
    }

    /** Why the header could not be read (e.g. {@code the custom field topic is null}); null when {@link #isOk()}. */
    public String errorMessage() {
        return errorMessage;
    }

    /** The response code for a failure: SYSTEM_ERROR, what the 5.3.1 broker answers (its clients do not know 29). */
    public int responseCode() {
        return isOk() ? ResponseCode.SUCCESS : ResponseCode.SYSTEM_ERROR;
    }

    /** The header, or a {@link HeaderException} with the error message. */
    public T orElseThrow() {
        if (errorMessage != null) {
            throw new HeaderException(errorMessage);
        }
        return value;
    }

    @Override
    public String toString() {
        return isOk() ? "Decoded[" + value + "]" : "Decoded[invalid: " + errorMessage + "]";
    }
}
