package dev.petrel.protocol.body;

import dev.petrel.common.json.JsonException;
import java.util.Objects;

/**
 * Encodes and decodes one JSON body type through {@link ProtocolJson}: {@code TopicRouteData.CODEC.encode(route)},
 * {@code HeartbeatData.CODEC.decode(bytes)}. Writes standard JSON that Apache RocketMQ 5.3.1 reads; reads what Apache
 * writes, fastjson quirks included (json-bodies.md §1–§2).
 *
 * @param <T> the body type
 */
public final class BodyCodec<T> {

    private final Class<T> type;

    private BodyCodec(Class<T> type) {
        this.type = type;
    }

    public static <T> BodyCodec<T> of(Class<T> type) {
        return new BodyCodec<>(Objects.requireNonNull(type));
    }

    public Class<T> type() {
        return type;
    }

    /** UTF-8 JSON. */
    public byte[] encode(T body) {
        return ProtocolJson.codec().encode(Objects.requireNonNull(body, "body"));
    }

    /**
     * Reads a body; a missing or empty body is an error like any other malformed one.
     *
     * @throws MalformedBodyException naming the body type and the problem; a server answers it with SYSTEM_ERROR
     */
    public T decode(byte[] body) {
        if (body == null || body.length == 0) {
            throw new MalformedBodyException("cannot read " + type.getSimpleName() + ": no body");
        }
        try {
            return ProtocolJson.codec().decode(body, type);
        } catch (JsonException e) {
            throw new MalformedBodyException(e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "BodyCodec[" + type.getSimpleName() + "]";
    }
}
