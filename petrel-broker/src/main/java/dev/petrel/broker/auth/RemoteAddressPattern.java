package dev.petrel.broker.auth;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * ACL 1.0's client-address patterns ({@code whiteRemoteAddress}, {@code globalWhiteRemoteAddresses}; security.md
 * §2.4), matched against the client's address without its port:
 *
 * <pre>
 *   blank                          matches nothing
 *   *  *.*.*.*  *:*:*:*:*:*:*:*     matches everything
 *   192.168.1.5   2001:db8::1      that address (IPv6 compared as an address, so any spelling)
 *   192.168.1.5,192.168.1.7        any listed address (each a valid IP)
 *   192.168.1.{1,2,3}  ::{1,2}     the prefix joined with each element
 *   192.168.*.*  10.1.2-5.*        the first '*' or 'a-b' in segment 2-4 decides (0-255); later segments are ignored
 * </pre>
 *
 * A pattern that is none of these is refused when the file loads ({@link AuthException} naming it), as RocketMQ
 * refuses it. Two differences, both refused with a clear message: IPv6 ranges and wildcards ({@code 2001:db8::*},
 * which 5.3.1 accepts), and a wildcard or range in the first IPv4 segment other than the whole {@code *} (which
 * 5.3.1 accepts and then fails on every request it checks).
 */
abstract sealed class RemoteAddressPattern {

    static final RemoteAddressPattern NOTHING = new Fixed(false, "");
    static final RemoteAddressPattern EVERYTHING = new Fixed(true, "*");

    private final String text;

    private RemoteAddressPattern(String text) {
        this.text = text;
    }

    /** Whether {@code ip} (an address without port) matches. */
    abstract boolean matches(String ip);

    @Override
    public String toString() {
        return text;
    }

    static RemoteAddressPattern parse(String raw) {
        if (raw == null || raw.isBlank()) {
            return NOTHING;
        }
        if (raw.equals("*") || raw.equals("*.*.*.*") || raw.equals("*:*:*:*:*:*:*:*")) {
            return EVERYTHING;
        }
        if (raw.endsWith("}")) {
            int brace = raw.indexOf('{');
            String last = lastPart(raw, raw.indexOf(':') >= 0 ? ':' : '.');
            if (brace < 0 || !last.startsWith("{")) {
                throw invalid(raw, "braces must hold the whole last segment, e.g. 192.168.1.{1,2}");
            }
            if (raw.indexOf(':') < 0 && split(raw, '.').size() < 4) {
                throw invalid(raw, "an IPv4 pattern has four segments");
            }
            String head = raw.substring(0, brace);
            List<String> addresses = new ArrayList<>();
            for (String tail : split(last.substring(1, last.length() - 1), ',')) {
                addresses.add(head + tail);
            }
            return new OneOf(raw, addresses);
        }
        if (raw.indexOf(',') >= 0) {
            return new OneOf(raw, split(raw, ','));
        }
        if (raw.indexOf('*') >= 0 || raw.indexOf('-') >= 0) {
            return Range.parse(raw);
        }
        return new OneOf(raw, List.of(raw));
    }

    /** RocketMQ's split: on {@code sep}, empty parts dropped. */
    static List<String> split(String s, char sep) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i == s.length() || s.charAt(i) == sep) {
                if (i > start) {
                    out.add(s.substring(start, i));
                }
                start = i + 1;
            }
        }
        return out;
    }

    private static String lastPart(String s, char sep) {
        List<String> parts = split(s, sep);
        return parts.isEmpty() ? "" : parts.get(parts.size() - 1);
    }

    static AuthException invalid(String pattern, String why) {
        return new AuthException("invalid remote address pattern '" + AuthFailures.printable(pattern) + "': " + why);
    }

    /** Whether {@code s} is a dotted IPv4 address as RocketMQ accepts it (0-255, no leading zeros). */
    static boolean isIpv4(String s) {
        List<String> parts = split(s, '.');
        if (parts.size() != 4 || s.startsWith(".") || s.endsWith(".") || s.contains("..")) {
            return false;
        }
        for (String p : parts) {
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')
                || (p.length() > 1 && p.charAt(0) == '0') || Integer.parseInt(p) > 255) {
                return false;
            }
        }
        return true;
    }

    /** The 16 bytes of an IPv6 literal, or null. */
    static byte[] ipv6(String s) {
        if (s.indexOf(':') < 0) {
            return null;
        }
        byte[] bytes = SourceIp.literal(s);
        return bytes != null && bytes.length == 16 ? bytes : null;
    }

    private static final class Fixed extends RemoteAddressPattern {
        private final boolean all;

        Fixed(boolean all, String text) {
            super(text);
            this.all = all;
        }

        @Override
        boolean matches(String ip) {
            return all;
        }
    }

    /** A list of addresses (one, a comma list, or a brace list). */
    private static final class OneOf extends RemoteAddressPattern {
        private final Set<String> v4 = new HashSet<>();
        private final List<byte[]> v6 = new ArrayList<>();

        OneOf(String text, List<String> addresses) {
            super(text);
            for (String a : addresses) {
                byte[] six = ipv6(a);
                if (isIpv4(a)) {
                    v4.add(a);
                } else if (six != null) {
                    v6.add(six);
                } else {
                    throw invalid(text, "'" + AuthFailures.printable(a) + "' is not an IP address");
                }
            }
        }

        @Override
        boolean matches(String ip) {
            if (ip == null) {
                return false;
            }
            if (v4.contains(ip)) {
                return true;
            }
            byte[] six = v6.isEmpty() ? null : ipv6(ip);
            if (six != null) {
                for (byte[] b : v6) {
                    if (Arrays.equals(b, six)) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    /** An IPv4 pattern whose segment {@code index} (1-3) is a range; the segments before it are the head. */
    private static final class Range extends RemoteAddressPattern {
        private final String head;
        private final int index;
        private final int start;
        private final int end;

        private Range(String text, String head, int index, int start, int end) {
            super(text);
            this.head = head;
            this.index = index;
            this.start = start;
            this.end = end;
        }

        static Range parse(String raw) {
            if (raw.indexOf(':') >= 0) {
                throw invalid(raw, "IPv6 ranges and wildcards are not supported by Petrel; list the addresses");
            }
            List<String> parts = split(raw, '.');
            if (parts.size() != 4) {
                throw invalid(raw, "an IPv4 pattern has four segments");
            }
            for (int i = 1; i < 4; i++) {
                String v = parts.get(i).trim();
                int lo;
                int hi;
                if (v.equals("*")) {
                    lo = 0;
                    hi = 255;
                } else if (v.indexOf('-') >= 0) {
                    List<String> ends = split(v, '-');
                    if (v.startsWith("-") || ends.size() != 2 || !number(ends.get(0)) || !number(ends.get(1))) {
                        throw invalid(raw, "a range is 'start-end' with numbers 0-255");
                    }
                    lo = Integer.parseInt(ends.get(0));
                    hi = Integer.parseInt(ends.get(1));
                    if (lo > 255 || hi > 255 || lo > hi) {
                        throw invalid(raw, "a range is 'start-end' with 0 <= start <= end <= 255");
                    }
                } else {
                    continue;
                }
                if (hi == 0) {
                    continue; // RocketMQ looks further when a range ends at 0
                }
                StringBuilder head = new StringBuilder();
                for (int j = 0; j < i; j++) {
                    String s = parts.get(j).trim();
                    if (!number(s) || Integer.parseInt(s) > 255) {
                        throw invalid(raw, "segment " + (j + 1) + " must be a number 0-255");
                    }
                    head.append(s).append('.');
                }
                return new Range(raw, head.toString(), i, lo, hi);
            }
            throw invalid(raw, "a wildcard or range must be in segment 2, 3 or 4 (only a whole '*' matches everything)");
        }

        private static boolean number(String s) {
            return !s.isEmpty() && s.length() <= 3 && s.chars().allMatch(c -> c >= '0' && c <= '9');
        }

        @Override
        boolean matches(String ip) {
            if (ip == null || !isIpv4(ip) || !ip.startsWith(head)) {
                return false;
            }
            List<String> parts = split(ip, '.');
            int value = Integer.parseInt(parts.get(index));
            return value >= start && value <= end;
        }
    }
}
