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

    @Test
    void invalidPatternsAreRefusedWhenTheFileLoads() {
        for (String bad : new String[] {"300.1.1.1", "1.2.3", "192.168.1.5, 192.168.1.7", "1x.*.1.1", "1.2.3.4-",
            "1.2.3.-5", "1.2.3.5-4", "1.2.3.1-300", "*.1.2.3", "1-2.3.4.5", "1.2.{3,4}", "2001:db8::*", "localhost"}) {
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
