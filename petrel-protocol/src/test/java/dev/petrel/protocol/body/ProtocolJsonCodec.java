package dev.petrel.protocol.body;

/** Test access to a {@link BodyCodec} for nested types that have no {@code CODEC} constant of their own. */
final class ProtocolJsonCodec {

    private ProtocolJsonCodec() {
    }

    static <T> BodyCodec<T> of(Class<T> type) {
        return BodyCodec.of(type);
    }
}
