package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Petrel's IPv6 white addresses against RocketMQ 5.3.1's own answers: {@code address-patterns-5.3.1.tsv}, written by
 * petrel-compat-tests' {@code AddressPatternGoldenTest} from 5.3.1's {@code RemoteAddressStrategyFactory} and
 * {@code IPAddressUtils} (which that test keeps equal to what 5.3.1 answers). Every ACL 1.0 IPv6 range or wildcard
 * pattern 5.3.1 refuses, Petrel refuses; every one it reads, Petrel matches the same addresses, except the patterns it
 * refuses on purpose because 5.3.1 reads them into nothing (docs/compatibility.md): then 5.3.1 matches none of the
 * table's addresses or fails on them. Every ACL 2.0 CIDR contains the same addresses.
 */
class AddressPatternParityTest {

    @Test
    void petrelGivesRocketMq531sAnswers() throws Exception {
        List<String> differences = new ArrayList<>();
        int white = 0;
        int whiteMatches = 0;
        int cidr = 0;
        for (String line : table()) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split("\t");
            if (f[0].equals("white")) {
                white++;
                RemoteAddressPattern p;
                try {
                    p = RemoteAddressPattern.parse(f[1]);
                } catch (AuthException e) {
                    if (!f[3].equals("refused") && !f[3].equals("false") && !f[3].equals("fails")) {
                        differences.add(line + ": Petrel refuses the pattern (" + e.getMessage() + ")");
                    }
                    continue;
                }
                if (f[3].equals("refused") || f[3].equals("fails")) {
                    differences.add(line + ": Petrel reads the pattern");
                    continue;
                }
                boolean expected = Boolean.parseBoolean(f[3]);
                whiteMatches += expected ? 1 : 0;
                if (p.matches(f[2]) != expected) {
                    differences.add(line + ": Petrel says " + !expected);
                }
            } else {
                cidr++;
                boolean contained = SourceIp.parse(f[1]).contains(InetAddress.getByName(f[2]).getAddress());
                if (contained != Boolean.parseBoolean(f[3])) {
                    differences.add(line + ": Petrel says " + contained);
                }
            }
        }
        assertThat(differences).as("rows where Petrel's answer is not 5.3.1's").isEmpty();
        assertThat(white).as("white-address rows").isGreaterThan(1000);
        assertThat(whiteMatches).as("rows that match, so the table is not all misses").isGreaterThan(50);
        assertThat(cidr).as("CIDR rows").isGreaterThan(500);
    }

    private static List<String> table() throws IOException {
        try (InputStream in = AddressPatternParityTest.class.getResourceAsStream("address-patterns-5.3.1.tsv")) {
            assertThat(in).as("the table written by petrel-compat-tests' AddressPatternGoldenTest").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
