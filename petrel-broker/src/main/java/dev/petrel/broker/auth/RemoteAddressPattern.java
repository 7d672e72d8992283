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
 *   2::ac5:78:1-200  2001:db8::*   IPv6: the last group a hex range or '*' (see below)
 *   2::ac5:78:1-200:*              IPv6: the group before a final '*' a hex range
 * </pre>
 *
 * An IPv6 range is read as RocketMQ 5.3.1 reads it ({@link Ipv6Range}): the text before the range group (before the
 * last colon, or the one before it when the pattern ends in {@code :*}) is expanded to 7 (6) groups, and an address
 * matches when its first groups are those and its next group is in the range: {@code 2::ac5:78:1-200} is
 * {@code 2:0:0:0:0:ac5:78:1-200}. A {@code ::} right before the range group is not widened, so {@code 2001:db8::*}
 * is {@code 2001:db8:0:*} and {@code 2001:db8::1-ff} is {@code 2001:db8:0:1-ff:*}, later groups ignored. For a network
 * prefix, an ACL 2.0 source IP ({@code 2001:db8::/32}) says it plainly.
 *
 * <p>A pattern that is none of these is refused when the file loads ({@link AuthException} naming it), as RocketMQ
 * refuses it. Differences, each refused with a clear message: a wildcard or range in the first IPv4 segment other
 * than the whole {@code *} (which 5.3.1 accepts and then fails on every request it checks), and IPv6 ranges whose
 * fixed groups are not hexadecimal or leave no group for the range (5.3.1 accepts them and then never matches, or
 * fails on every request).
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

    /**
     * An IPv6 pattern with a hexadecimal range ({@code 1-200}) or {@code *} in its last group, or a range in the group
     * before a final {@code *}, as 5.3.1 reads it: {@code head} is the text before the range group, expanded (its
     * {@code ::} filled with zero groups) to 7 groups (6 when the pattern ends in {@code :*}) and upper-cased; an
     * address matches when its 8 groups start with {@code head} and the group after it is in the range.
     */
    private static final class Ipv6Range extends RemoteAddressPattern {
        private final List<String> head;
        private final int start;
        private final int end;

        private Ipv6Range(String text, List<String> head, int start, int end) {
            super(text);
            this.head = head;
            this.start = start;
            this.end = end;
        }

        static Ipv6Range parse(String raw) {
            int star = raw.indexOf('*');
            int minus = raw.indexOf('-');
            if (star >= 0 && star != raw.length() - 1) {
                throw invalid(raw, "in an IPv6 pattern '*' may only be the last group, e.g. 2001:db8:0:*");
            }
            int lastColon = raw.lastIndexOf(':');
            int secondLastColon = lastColon <= 0 ? -1 : raw.lastIndexOf(':', lastColon - 1);
            if (minus >= 0 && (star < 0 ? minus <= lastColon : minus <= secondLastColon)) {
                throw invalid(raw, "an IPv6 range must be the last group (2001:db8::1-ff) or the one before a final "
                    + "'*' (2001:db8::1-ff:*)");
            }
            if (star >= 0 && minus >= 0 && secondLastColon < 0) {
                throw invalid(raw, "an IPv6 range before a final '*' needs groups before it, e.g. 2001:db8::1-ff:*");
            }
            int lo = 0;
            int hi = 0;
            List<String> tokens = split(raw, ':');
            for (int i = 1; i < tokens.size() && hi == 0; i++) {
                String v = tokens.get(i).trim();
                if (v.equals("*")) {
                    lo = 0;
                    hi = 0xFFFF;
                } else if (v.indexOf('-') >= 0) {
                    List<String> ends = split(v, '-');
                    if (v.startsWith("-") || ends.size() != 2 || !hex(ends.get(0)) || !hex(ends.get(1))) {
                        throw invalid(raw, "an IPv6 range is 'start-end' in hexadecimal, 0 to ffff");
                    }
                    lo = Integer.parseInt(ends.get(0), 16);
                    hi = Integer.parseInt(ends.get(1), 16);
                    if (lo > hi) {
                        throw invalid(raw, "an IPv6 range is 'start-end' with start <= end");
                    }
                }
            }
            if (hi == 0) {
                throw invalid(raw, "the range or '*' of an IPv6 pattern must come after its first group and end "
                    + "above 0");
            }
            String prefix = star >= 0 && minus >= 0 ? raw.substring(0, secondLastColon) : raw.substring(0, lastColon);
            List<String> head = expand(prefix, star >= 0 && minus >= 0 ? 6 : 7);
            if (head.size() > 7) {
                throw invalid(raw, "an IPv6 address has 8 groups; this pattern leaves none for its range");
            }
            for (String g : head) {
                if (g.length() != 4 || !hex(g)) {
                    throw invalid(raw, "'" + AuthFailures.printable(g) + "' is not an IPv6 group (1 to 4 hexadecimal "
                        + "digits)");
                }
            }
            return new Ipv6Range(raw, List.copyOf(head), lo, hi);
        }

        /**
         * RocketMQ's reading of the fixed part: upper case; each {@code ::} widened so the text has {@code groups}
         * groups (only when it has fewer colons than that); every group left-padded with zeros to 4 digits.
         */
        static List<String> expand(String text, int groups) {
            String s = text.toUpperCase(java.util.Locale.ROOT);
            int colons = (int) s.chars().filter(c -> c == ':').count();
            int pad = groups - colons;
            if (pad > 0) {
                s = s.replace("::", ":" + ":".repeat(pad));
            }
            List<String> out = new ArrayList<>();
            for (String g : s.split(":", -1)) {
                out.add(g.length() < 4 ? "0".repeat(4 - g.length()) + g : g);
            }
            return out;
        }

        private static boolean hex(String s) {
            return !s.isEmpty() && s.length() <= 4 && s.chars().allMatch(c -> Character.digit(c, 16) >= 0);
        }

        @Override
        boolean matches(String ip) {
            byte[] six = ip == null ? null : ipv6(ip);
            if (six == null) {
                return false;
            }
            for (int i = 0; i < head.size(); i++) {
                if (group(six, i) != Integer.parseInt(head.get(i), 16)) {
                    return false;
                }
            }
            int value = group(six, head.size());
            return value >= start && value <= end;
        }

        private static int group(byte[] address, int i) {
            return ((address[2 * i] & 0xFF) << 8) | (address[2 * i + 1] & 0xFF);
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

        static RemoteAddressPattern parse(String raw) {
            if (raw.indexOf(':') >= 0) {
                return Ipv6Range.parse(raw);
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
