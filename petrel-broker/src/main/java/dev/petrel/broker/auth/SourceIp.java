package dev.petrel.broker.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * A policy entry's source-IP condition: one IPv4 or IPv6 address, or a CIDR block ({@code 192.168.0.0/16},
 * {@code 2001:db8::/32}). Only literals are accepted, so parsing never asks DNS.
 *
 * @param text   as the administrator wrote it (returned by getAcl)
 * @param prefix the network's bytes
 * @param bits   how many leading bits must match
 */
public record SourceIp(String text, byte[] prefix, int bits) {

    private static final Pattern LITERAL = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    /** Parses an address or CIDR; throws {@link AuthException} ("The source ip is invalid.") otherwise. */
    public static SourceIp parse(String raw) {
        if (raw == null) {
            throw invalid();
        }
        String s = raw.trim();
        int slash = s.indexOf('/');
        String address = slash < 0 ? s : s.substring(0, slash);
        byte[] bytes = literal(address);
        if (bytes == null) {
            throw invalid();
        }
        int bits = bytes.length * 8;
        if (slash >= 0) {
            String suffix = s.substring(slash + 1);
            if (suffix.isEmpty() || suffix.length() > 3 || !suffix.chars().allMatch(Character::isDigit)) {
                throw invalid();
            }
            int n = Integer.parseInt(suffix);
            if (n > bits) {
                throw invalid();
            }
            bits = n;
        }
        return new SourceIp(s, bytes, bits);
    }

    /** The bytes of an IP literal, or null when {@code text} is not one. */
    static byte[] literal(String text) {
        if (text == null || !LITERAL.matcher(text).matches()) {
            return null;
        }
        if (text.indexOf(':') < 0 && !text.matches("\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}")) {
            return null;
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    /** Whether {@code address} (bytes of the client's IP) is in this block. */
    public boolean contains(byte[] address) {
        if (address == null || address.length != prefix.length) {
            return false;
        }
        int full = bits / 8;
        for (int i = 0; i < full; i++) {
            if (address[i] != prefix[i]) {
                return false;
            }
        }
        int rest = bits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (address[full] & mask) == (prefix[full] & mask);
    }

    private static AuthException invalid() {
        return new AuthException("The source ip is invalid.");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SourceIp other && other.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
