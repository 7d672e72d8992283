package dev.petrel.broker.auth;

import java.util.List;

/**
 * Decides whether a user may do what a request needs (security.md §3.7): Super users may do anything; otherwise each
 * need must be allowed by the user's ACL. For one need, the entries of the Custom policy that match it are
 * collected, or, only when none match, those of the Default policy; no match is a denial. Among matches the most
 * specific resource wins (a literal name, then the longest prefix, then {@code Type:*}, then {@code *}), and at equal
 * specificity Deny wins over Allow: the documented rule, where 5.3.1's comparator lets Allow win and orders prefixes
 * inconsistently (docs/compatibility.md). Stateless apart from reading {@link AuthMetadata}.
 */
final class Authorizer {

    private final AuthMetadata metadata;

    Authorizer(AuthMetadata metadata) {
        this.metadata = metadata;
    }

    /**
     * @param username      the authenticated (or claimed) user
     * @param sourceIp      the client's address as text, for the remark
     * @param clientAddress its bytes, for source-IP conditions (null if unknown: entries with IPs then never match)
     * @return null when allowed, else the remark to refuse with
     */
    String check(String username, List<AccessNeeds.Need> needs, String sourceIp, byte[] clientAddress) {
        if (needs.isEmpty()) {
            return null;
        }
        AuthUser user = username == null ? null : metadata.user(username);
        if (user == null) {
            return "User:" + AuthFailures.printable(username) + " not found.";
        }
        if (user.isSuper()) {
            return null;
        }
        Acl acl = metadata.acl(user.subject());
        for (AccessNeeds.Need need : needs) {
            PolicyEntry best = acl == null ? null : best(acl.entries(PolicyType.CUSTOM), need, clientAddress);
            if (best == null && acl != null) {
                best = best(acl.entries(PolicyType.DEFAULT), need, clientAddress);
            }
            if (best == null) {
                return denial(user, need, sourceIp, "no matched policies.");
            }
            if (best.decision() == Decision.DENY) {
                return denial(user, need, sourceIp, "the decision is deny.");
            }
        }
        return null;
    }

    /** The deciding entry among {@code entries} for {@code need}, or null when none matches. */
    static PolicyEntry best(List<PolicyEntry> entries, AccessNeeds.Need need, byte[] clientAddress) {
        PolicyEntry best = null;
        for (PolicyEntry e : entries) {
            if (!e.matches(need.resource(), need.actions(), clientAddress)) {
                continue;
            }
            if (best == null) {
                best = e;
                continue;
            }
            long a = e.resource().specificity();
            long b = best.resource().specificity();
            if (a > b || (a == b && e.decision() == Decision.DENY)) {
                best = e;
            }
        }
        return best;
    }

    private static String denial(AuthUser user, AccessNeeds.Need need, String sourceIp, String why) {
        return "User:" + user.username() + " has no permission to access "
            + AuthFailures.printable(need.resource().key()) + " from " + sourceIp + ", " + why;
    }
}
