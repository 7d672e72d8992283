package dev.petrel.protocol.header;

import java.util.Map;

/**
 * Converts one typed header to and from a command's {@code extFields}: every value a string, keyed by RocketMQ's field
 * name (remoting-frame.md §3.1). Implementations are stateless and thread-safe.
 *
 * @param <T> the header type
 */
public interface HeaderCodec<T> {

    /** The header's ext fields: absent (null) optional values are left out, primitives always written. */
    Map<String, String> encode(T header);

    /**
     * Reads a header. A missing required field or a value that does not parse is reported in the result, never thrown
     * and never silently defaulted. {@code null} (a command without ext fields) reads like an empty map. Unknown keys are
     * ignored.
     */
    Decoded<T> decode(Map<String, String> extFields);

    /** The header type this codec handles. */
    Class<T> type();
}
