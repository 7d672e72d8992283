package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.broker.metadata.ConfigFile;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every action × resource type × (allow, deny, no entry) × resource pattern, decided by the Authorizer alone; plus
 * specificity and Deny winning a tie. (The same matrix against Apache 5.3.1 is not run yet: docs/security.md.)
 */
class AuthorizerMatrixTest {

    private static final byte[] LOCAL = SourceIp.literal("127.0.0.1");
    private static final List<Action> REQUESTABLE = List.of(Action.PUB, Action.SUB, Action.CREATE, Action.UPDATE,
        Action.DELETE, Action.GET, Action.LIST);

    @TempDir
    Path dir;

    @Test
    void matrix() {
        int cases = 0;
        for (ResourceType type : ResourceType.values()) {
            for (Action granted : List.of(Action.ALL, Action.PUB, Action.SUB, Action.CREATE, Action.UPDATE, Action.DELETE,
                Action.GET, Action.LIST)) {
                for (String decision : new String[] {"Allow", "Deny", null}) {
                    for (String pattern : new String[] {"name-1", "name*", "*"}) {
                        AuthMetadata m = metadata();
                        if (decision != null) {
                            putEntry(m, type.wireName() + ":" + pattern, granted, Decision.parse(decision));
                        }
                        Authorizer authorizer = new Authorizer(m);
                        for (Action wanted : REQUESTABLE) {
                            AccessNeeds.Need need = new AccessNeeds.Need(AuthResource.of(type, "name-1"), List.of(wanted));
                            String remark = authorizer.check("bob", List.of(need), "127.0.0.1", LOCAL);
                            boolean matches = decision != null && (granted == Action.ALL || granted == wanted);
                            boolean allowed = matches && decision.equals("Allow");
                            assertThat(remark == null).as("%s %s %s:%s wanted %s", decision, granted, type, pattern, wanted)
                                .isEqualTo(allowed);
                            if (!allowed) {
                                assertThat(remark).isEqualTo("User:bob has no permission to access " + type.wireName()
                                    + ":name-1 from 127.0.0.1, " + (matches ? "the decision is deny." : "no matched policies."));
                            }
                            // Another resource of the same type is not covered by a literal entry.
                            AccessNeeds.Need other = new AccessNeeds.Need(AuthResource.of(type, "other"), List.of(wanted));
                            boolean otherMatches = matches && pattern.equals("*");
                            assertThat(authorizer.check("bob", List.of(other), "127.0.0.1", LOCAL) == null)
                                .isEqualTo(otherMatches && decision.equals("Allow"));
                            cases++;
                        }
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(4 * 8 * 3 * 3 * 7);
    }

    @Test
    void theMostSpecificEntryDecidesAndDenyWinsATie() {
        AuthResource topic = AuthResource.of(ResourceType.TOPIC, "orders");
        AccessNeeds.Need need = new AccessNeeds.Need(topic, List.of(Action.PUB));
        PolicyEntry anyDeny = entry("*", Decision.DENY);
        PolicyEntry typeAllow = entry("Topic:*", Decision.ALLOW);
        PolicyEntry shortPrefixDeny = entry("Topic:o*", Decision.DENY);
        PolicyEntry longPrefixAllow = entry("Topic:ord*", Decision.ALLOW);
        PolicyEntry literalDeny = entry("Topic:orders", Decision.DENY);
        PolicyEntry literalAllow = entry("Topic:orders", Decision.ALLOW);
        assertThat(Authorizer.best(List.of(anyDeny, typeAllow), need, LOCAL)).isSameAs(typeAllow);
        assertThat(Authorizer.best(List.of(typeAllow, shortPrefixDeny), need, LOCAL)).isSameAs(shortPrefixDeny);
        assertThat(Authorizer.best(List.of(longPrefixAllow, shortPrefixDeny), need, LOCAL)).isSameAs(longPrefixAllow);
        assertThat(Authorizer.best(List.of(shortPrefixDeny, longPrefixAllow), need, LOCAL)).isSameAs(longPrefixAllow);
        assertThat(Authorizer.best(List.of(longPrefixAllow, literalDeny), need, LOCAL)).isSameAs(literalDeny);
        assertThat(Authorizer.best(List.of(literalAllow, literalDeny), need, LOCAL)).isSameAs(literalDeny);
        assertThat(Authorizer.best(List.of(literalDeny, literalAllow), need, LOCAL)).isSameAs(literalDeny);
    }

    @Test
    void sourceIpsRestrictAnEntry() {
        AccessNeeds.Need need = new AccessNeeds.Need(AuthResource.of(ResourceType.GROUP, "g"), List.of(Action.SUB));
        PolicyEntry lan = new PolicyEntry(AuthResource.parse("Group:g"), List.of(Action.SUB),
            List.of(SourceIp.parse("10.1.0.0/16"), SourceIp.parse("::1")), Decision.ALLOW);
        assertThat(Authorizer.best(List.of(lan), need, SourceIp.literal("10.1.2.3"))).isSameAs(lan);
        assertThat(Authorizer.best(List.of(lan), need, SourceIp.literal("::1"))).isSameAs(lan);
        assertThat(Authorizer.best(List.of(lan), need, SourceIp.literal("10.2.0.1"))).isNull();
        assertThat(Authorizer.best(List.of(lan), need, null)).isNull();
    }

    @Test
    void superUsersPassAndUnknownUsersDoNot() {
        AuthMetadata m = metadata();
        m.createUser(new AuthUser("root", "rootpw12", UserType.SUPER, UserStatus.ENABLE));
        AccessNeeds.Need need = new AccessNeeds.Need(AuthResource.of(ResourceType.CLUSTER, "c"), List.of(Action.UPDATE));
        Authorizer authorizer = new Authorizer(m);
        assertThat(authorizer.check("root", List.of(need), "127.0.0.1", LOCAL)).isNull();
        assertThat(authorizer.check("ghost", List.of(need), "127.0.0.1", LOCAL)).isEqualTo("User:ghost not found.");
        assertThat(authorizer.check("bob", List.of(), "127.0.0.1", LOCAL)).isNull();
    }

    private AuthMetadata metadata() {
        AuthMetadata m = new AuthMetadata(new ConfigFile(dir.resolve("auth-" + System.identityHashCode(new Object()) + ".json")));
        m.createUser(new AuthUser("bob", "bobpw123", UserType.NORMAL, UserStatus.ENABLE));
        return m;
    }

    private static void putEntry(AuthMetadata m, String resource, Action action, Decision decision) {
        Map<PolicyType, List<PolicyEntry>> p = new EnumMap<>(PolicyType.class);
        p.put(PolicyType.CUSTOM, List.of(new PolicyEntry(AuthResource.parse(resource), List.of(action), List.of(), decision)));
        m.createAcl(new Acl("User:bob", p));
    }

    private static PolicyEntry entry(String resource, Decision decision) {
        return new PolicyEntry(AuthResource.parse(resource), List.of(Action.PUB), List.of(), decision);
    }
}
