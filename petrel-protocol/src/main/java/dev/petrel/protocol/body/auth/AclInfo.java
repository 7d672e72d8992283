package dev.petrel.protocol.body.auth;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * An ACL 2.0 ACL as AUTH_CREATE_ACL / AUTH_UPDATE_ACL (3006/3007) carry it and AUTH_GET_ACL / AUTH_LIST_ACL
 * (3009/3010) return it (security.md §3.8):
 * {@code {"policies":[{"entries":[{"actions":["Pub","Sub"],"decision":"Allow","resource":"Topic:T","sourceIps":[…]}],
 * "policyType":"Custom"}],"subject":"User:alice"}}.
 */
public record AclInfo(String subject, List<PolicyInfo> policies) {

    public static final BodyCodec<AclInfo> CODEC = BodyCodec.of(AclInfo.class);

    public AclInfo {
        policies = policies == null ? null : List.copyOf(policies.stream().filter(p -> p != null).toList());
    }

    /** One policy: its type ({@code Custom} when absent) and entries. */
    public record PolicyInfo(String policyType, List<PolicyEntryInfo> entries) {
        public PolicyInfo {
            entries = entries == null ? null : List.copyOf(entries.stream().filter(e -> e != null).toList());
        }
    }

    /** One entry: a resource string, actions, optional source IPs or CIDRs, and Allow or Deny. */
    public record PolicyEntryInfo(String resource, List<String> actions, List<String> sourceIps, String decision) {
        public PolicyEntryInfo {
            actions = BodyCollections.listOrNull(actions);
            sourceIps = BodyCollections.listOrNull(sourceIps);
        }
    }
}
