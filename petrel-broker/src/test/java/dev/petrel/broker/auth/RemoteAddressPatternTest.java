package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** ACL 1.0's white-address patterns (security.md §2.4), matched and refused as RocketMQ 5.3.1 does. */
class RemoteAddressPatternTest {

    @Test
    void patternsMatchAsRocketMqMatchesThem() {
        matches("", false, "127.0.0.1");
        matches("*", true, "127.0.0.1", "::1");
        matches("*.*.*.*", true, "10.1.2.3");
        matches("192.168.1.5", true, "192.168.1.5");
        matches("192.168.1.5", false, "192.168.1.50", "192.168.1.4");
        matches("2001:db8::1", true, "2001:DB8:0:0:0:0:0:1", "2001:db8::1");
        matches("192.168.1.5,192.168.1.7", true, "192.168.1.7");
        matches("192.168.1.5,192.168.1.7", false, "192.168.1.6");
        matches("192.168.1.{1,2,3}", true, "192.168.1.3");
        matches("192.168.1.{1,2,3}", false, "192.168.1.4", "192.168.2.1");
        matches("192.168.*.*", true, "192.168.0.1", "192.168.255.255");
        matches("192.168.*.*", false, "192.169.0.1");
        matches("192.168.*.5", true, "192.168.7.9"); // the first wildcard decides, later segments are ignored
        matches("192.168.1.1-100", true, "192.168.1.1", "192.168.1.100");
        matches("192.168.1.1-100", false, "192.168.1.101", "192.168.1.0");
        matches("192.168.1-5.*", true, "192.168.3.200");
        matches("192.168.1-5.*", false, "192.168.6.1");
        matches("10.10.103.*", true, "10.10.103.77");
        matches("10.10.103.*", false, "10.10.104.77", "not-an-ip", "");
    }

    /** IPv6 ranges and wildcards as 5.3.1 reads them (the class comment of {@link RemoteAddressPattern}). */
    @Test
    void ipv6RangesMatchAs531ReadsThem() {
        matches("2::ac5:78:1-200", true, "2:0:0:0:0:ac5:78:1", "2::ac5:78:200", "2:0:0:0:0:AC5:78:1ff");
        matches("2::ac5:78:1-200", false, "2::ac5:78:201", "2::ac5:78:0", "2::ac5:79:1", "3::ac5:78:1", "10.0.0.1");
        // ends in ':*': the range is the 7th group, the 8th is anything
        matches("2::ac5:78:1-200:*", true, "2:0:0:0:ac5:78:1:ffff", "2:0:0:0:ac5:78:200:0");
        matches("2::ac5:78:1-200:*", false, "2:0:0:0:ac5:78:201:0", "2:0:0:0:0:ac5:78:1");
        // the '::' right before the final group is not widened: 2001:db8::* is 2001:db8:0:*
        matches("2001:db8::*", true, "2001:db8::1", "2001:db8:0:ffff::", "2001:DB8:0:1:2:3:4:5");
        matches("2001:db8::*", false, "2001:db8:1::1", "2001:db9::1");
        // likewise 2001:db8::1-ff is 2001:db8:0:1-ff:*, not 2001:db8:0:0:0:0:0:1-ff
        matches("2001:db8::1-ff", true, "2001:db8:0:1::", "2001:db8:0:ff:1:2:3:4");
        matches("2001:db8::1-ff", false, "2001:db8::1", "2001:db8:0:100::");
        matches("1:2:3:4:5:6:7:1-a", true, "1:2:3:4:5:6:7:a");
        matches("1:2:3:4:5:6:7:*", true, "1:2:3:4:5:6:7:0", "1:2:3:4:5:6:7:ffff");
        matches("1:2:3:4:5:6:7:*", false, "1:2:3:4:5:6:8:0");
    }

    /** A full-form pattern (seven fixed groups and a range) matches exactly the addresses with those groups. */
    @net.jqwik.api.Property(tries = 2000)
    void fullFormIpv6RangesMatchByGroup(@net.jqwik.api.ForAll("groups") java.util.List<Integer> fixed,
                                        @net.jqwik.api.ForAll("groups") java.util.List<Integer> address,
                                        @net.jqwik.api.ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 0xffff) int a,
                                        @net.jqwik.api.ForAll @net.jqwik.api.constraints.IntRange(min = 1, max = 0xffff) int b,
                                        @net.jqwik.api.ForAll boolean sameHead) {
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        StringBuilder pattern = new StringBuilder();
        StringBuilder ip = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            pattern.append(Integer.toHexString(fixed.get(i))).append(':');
            ip.append(Integer.toHexString(sameHead ? fixed.get(i) : address.get(i))).append(':');
        }
        pattern.append(Integer.toHexString(lo)).append('-').append(Integer.toHexString(hi));
        ip.append(Integer.toHexString(address.get(7)));
        boolean expected = (sameHead || address.subList(0, 7).equals(fixed.subList(0, 7)))
            && address.get(7) >= lo && address.get(7) <= hi;
        assertThat(RemoteAddressPattern.parse(pattern.toString()).matches(ip.toString())).as("%s ~ %s", pattern, ip)
            .isEqualTo(expected);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<java.util.List<Integer>> groups() {
        return net.jqwik.api.Arbitraries.oneOf(net.jqwik.api.Arbitraries.integers().between(0, 0xffff),
            net.jqwik.api.Arbitraries.integers().between(0, 3)).list().ofSize(8);
    }

    /** Any text: a pattern or a clear refusal, never another exception. */
    @net.jqwik.api.Property(tries = 3000)
    void anyTextParsesOrIsRefused(@net.jqwik.api.ForAll("patternText") String text) {
        try {
            RemoteAddressPattern p = RemoteAddressPattern.parse(text);
            p.matches("2001:db8::1");
            p.matches("10.0.0.1");
        } catch (AuthException e) {
            assertThat(e.getMessage()).startsWith("invalid remote address pattern");
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> patternText() {
        return net.jqwik.api.Arbitraries.strings().withChars("0123456789abcdefABCDEFxg:.*-,{} ").ofMaxLength(30);
    }

    @Test
    void invalidPatternsAreRefusedWhenTheFileLoads() {
        for (String bad : new String[] {"300.1.1.1", "1.2.3", "192.168.1.5, 192.168.1.7", "1x.*.1.1", "1.2.3.4-",
            "1.2.3.-5", "1.2.3.5-4", "1.2.3.1-300", "*.1.2.3", "1-2.3.4.5", "1.2.{3,4}", "localhost",
            "2001:db8:*:1", "2001:db8::1-ff:2", "2001:db8::-5", "2001:db8::5-1", "2001:db8::1-fffff", "2001:db8::g-ff",
            "2001:xyz::*", ":*", "1:2:3:4:5:6:7:8:*", "2001:db8::0-0"}) {
            assertThatThrownBy(() -> RemoteAddressPattern.parse(bad)).as(bad).isInstanceOf(AuthException.class)
                .hasMessageContaining("invalid remote address pattern");
        }
    }

    private static void matches(String pattern, boolean expected, String... ips) {
        RemoteAddressPattern p = RemoteAddressPattern.parse(pattern);
        for (String ip : ips) {
            assertThat(p.matches(ip)).as("%s ~ %s", pattern, ip).isEqualTo(expected);
        }
    }
}
