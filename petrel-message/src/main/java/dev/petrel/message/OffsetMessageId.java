package dev.petrel.message;

import java.nio.ByteBuffer;

/**
 * The broker's message id ("offsetMsgId", message-format.md §5.1): store host address bytes, the port as an int,
 * then the CommitLog physical offset as a long, rendered as upper-case hex: 32 characters for IPv4, 56 for IPv6.
 *
 * <pre>
 *  IPv4:  0        4        8                16
 *         +--------+--------+----------------+
 *         | ip (4) |port(4) | phys offset (8)|
 *         +--------+--------+----------------+
 *  IPv6:  ip is 16 bytes; total 28 bytes
 * </pre>
 *
 * @param storeHost the broker address that stored the record
 * @param physicalOffset the record's CommitLog offset
 */
public record OffsetMessageId(Host storeHost, long physicalOffset) {

    public static final int IPV4_HEX_LENGTH = 32;
    public static final int IPV6_HEX_LENGTH = 56;

    public static String encode(Host storeHost, long physicalOffset) {
        byte[] addr = storeHost.address();
        byte[] out = new byte[(addr.length + 12) * 2];
        for (int i = 0; i < addr.length; i++) {
            Hex.put(out, 2 * i, addr[i], 1);
        }
        Hex.put(out, addr.length * 2, storeHost.port(), 4);
        Hex.put(out, addr.length * 2 + 8, physicalOffset, 8);
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Like the 5.3.1 client: 32 characters mean IPv4, 56 IPv6; anything else is an error. */
    public static OffsetMessageId decode(String msgId) {
        if (msgId == null || (msgId.length() != IPV4_HEX_LENGTH && msgId.length() != IPV6_HEX_LENGTH)) {
            throw new MessageFormatException("an offset message id has 32 (IPv4) or 56 (IPv6) hex characters, got "
                + (msgId == null ? "null" : msgId.length() + ": '" + msgId + "'"));
        }
        ByteBuffer b = ByteBuffer.wrap(Hex.decode(msgId));
        byte[] addr = new byte[msgId.length() == IPV4_HEX_LENGTH ? 4 : 16];
        b.get(addr);
        int port = b.getInt();
        long offset = b.getLong();
        return new OffsetMessageId(new Host(addr, port), offset);
    }

    @Override
    public String toString() {
        return encode(storeHost, physicalOffset);
    }
}
