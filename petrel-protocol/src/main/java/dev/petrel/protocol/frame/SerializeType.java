package dev.petrel.protocol.frame;

/**
 * How a frame's header is encoded: the high byte of the header-length word ({@code SerializeType.java} in RocketMQ).
 * Every peer decodes both; the type a command arrived in is kept so a response can answer in kind.
 */
public enum SerializeType {
    /** fastjson text, {@link JsonHeaderCodec}. The default of every Apache component. */
    JSON(0),
    /** RocketMQ's binary layout, {@link BinaryHeaderCodec}. Cannot carry codes or versions outside a short. */
    ROCKETMQ(1);

    private final byte code;

    SerializeType(int code) {
        this.code = (byte) code;
    }

    /** The byte stored in the high 8 bits of the header-length word. */
    public byte code() {
        return code;
    }

    /** The type with this code byte, or null when the byte names no encoding. */
    static SerializeType forCode(int code) {
        return switch (code) {
            case 0 -> JSON;
            case 1 -> ROCKETMQ;
            default -> null;
        };
    }
}
