package dev.petrel.broker.auth;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The ACL of one subject ({@code User:<name>}): its Custom and Default policies, each a list of entries with at most
 * one entry per resource. Immutable; the {@code with*} methods return changed copies.
 */
public record Acl(String subject, Map<PolicyType, List<PolicyEntry>> policies) {

    static final String USER_PREFIX = "User:";

    public Acl {
        Objects.requireNonNull(subject, "subject");
        EnumMap<PolicyType, List<PolicyEntry>> copy = new EnumMap<>(PolicyType.class);
        policies.forEach((type, entries) -> {
            if (!entries.isEmpty()) {
                copy.put(type, List.copyOf(entries));
            }
        });
        policies = java.util.Collections.unmodifiableMap(copy);
    }

    /** The subject key of a user's ACL. */
    public static String subjectOf(String username) {
        return USER_PREFIX + username;
    }

    public List<PolicyEntry> entries(PolicyType type) {
        return policies.getOrDefault(type, List.of());
    }

    public boolean isEmpty() {
        return policies.isEmpty();
    }

    /**
     * This ACL with {@code other}'s entries merged in: an entry for a resource this ACL already has in the same
     * policy replaces it (RocketMQ's createAcl rule), others are added.
     */
    public Acl mergedWith(Acl other) {
        EnumMap<PolicyType, List<PolicyEntry>> merged = new EnumMap<>(PolicyType.class);
        for (PolicyType type : PolicyType.values()) {
            List<PolicyEntry> entries = new ArrayList<>(entries(type));
            for (PolicyEntry added : other.entries(type)) {
                entries.removeIf(e -> e.resource().equals(added.resource()));
                entries.add(added);
            }
            merged.put(type, entries);
        }
        return new Acl(subject, merged);
    }

    /** This ACL without the entry for {@code resource} in policy {@code type}. */
    public Acl without(PolicyType type, AuthResource resource) {
        EnumMap<PolicyType, List<PolicyEntry>> left = new EnumMap<>(PolicyType.class);
        for (PolicyType t : PolicyType.values()) {
            List<PolicyEntry> entries = new ArrayList<>(entries(t));
            if (type == t) {
                entries.removeIf(e -> e.resource().equals(resource));
            }
            left.put(t, entries);
        }
        return new Acl(subject, left);
    }
}
