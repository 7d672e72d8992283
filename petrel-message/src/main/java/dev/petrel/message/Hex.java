package dev.petrel.message;

/** Upper-case hexadecimal, two characters per byte, as RocketMQ renders message ids. */
public final class Hex {

    private static final byte[] DIGITS = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private Hex() {
    }

    public static String encode(byte[] bytes) {
        byte[] out = new byte[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(out, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** Writes {@code value}'s {@code bytes} low-order bytes, big-endian, as 2*bytes hex digits at {@code at}. */
    static void put(byte[] out, int at, long value, int bytes) {
        for (int i = bytes - 1; i >= 0; i--) {
            int b = (int) (value >>> (8 * i)) & 0xFF;
            out[at++] = DIGITS[b >> 4];
            out[at++] = DIGITS[b & 0xF];
        }
    }

    /** Decodes hex (either case); throws {@link MessageFormatException} on odd length or a non-hex character. */
    public static byte[] decode(String hex) {
        if ((hex.length() & 1) != 0) {
            throw new MessageFormatException("hex string of odd length " + hex.length());
        }
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) ((digit(hex, 2 * i) << 4) | digit(hex, 2 * i + 1));
        }
        return out;
    }

    private static int digit(String s, int i) {
        int d = Character.digit(s.charAt(i), 16);
        if (d < 0) {
            throw new MessageFormatException("not a hex digit at " + i + ": '" + s.charAt(i) + "'");
        }
        return d;
    }
}
