package dev.petrel.broker.auth;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * ACL 1.0 accounts as ACL 2.0 users and ACLs (security.md §3.10, {@code migrateAuthFromV1Enabled}): the access key
 * becomes a user with the secret as password, Super when {@code admin: true}, else Normal; each {@code topicPerms} /
 * {@code groupPerms} item becomes a Custom entry on {@code Topic:<name>} / {@code Group:<name>}, and the default
 * permissions become Default entries on {@code Topic:*} / {@code Group:*}. Words: PUB → Pub Allow, SUB → Sub
 * Allow, PUB|SUB → Pub, Sub Allow, DENY and every other word → All Deny (ACL 1.0's own reading; 5.3.1's migrator
 * turns an unknown word into All <em>Allow</em>, docs/compatibility.md). White addresses are not migrated (2.0's
 * source IPs restrict, they never exempt), as in RocketMQ. Pure.
 */
final class PlainAclMigration {

    /** One account's user and ACL (null when the account names no permission at all). */
    record Migrated(AuthUser user, Acl acl) {
    }

    private PlainAclMigration() {
    }

    static Migrated of(PlainAccount account) {
        AuthUser user = new AuthUser(account.accessKey(), account.secretKey(),
            account.admin() ? UserType.SUPER : UserType.NORMAL, UserStatus.ENABLE);
        List<PolicyEntry> custom = new ArrayList<>();
        Map<String, Byte> merged = new java.util.LinkedHashMap<>(account.groupPerms());
        merged.putAll(account.topicPerms());
        merged.forEach((resource, bits) -> {
            boolean group = PlainAccessNeeds.isGroup(resource);
            String name = group ? resource.substring(PlainAclFile.RETRY_PREFIX.length()) : resource;
            custom.add(entry(AuthResource.of(group ? ResourceType.GROUP : ResourceType.TOPIC, name), bits));
        });
        List<PolicyEntry> defaults = new ArrayList<>();
        if (account.defaultTopicPermWord() != null && !account.defaultTopicPermWord().isBlank()) {
            defaults.add(entry(new AuthResource(ResourceType.TOPIC, null, ResourcePattern.ANY), account.defaultTopicPerm()));
        }
        if (account.defaultGroupPermWord() != null && !account.defaultGroupPermWord().isBlank()) {
            defaults.add(entry(new AuthResource(ResourceType.GROUP, null, ResourcePattern.ANY), account.defaultGroupPerm()));
        }
        EnumMap<PolicyType, List<PolicyEntry>> policies = new EnumMap<>(PolicyType.class);
        policies.put(PolicyType.CUSTOM, custom);
        policies.put(PolicyType.DEFAULT, defaults);
        Acl acl = new Acl(user.subject(), policies);
        return new Migrated(user, acl.isEmpty() ? null : acl);
    }

    private static PolicyEntry entry(AuthResource resource, byte bits) {
        if ((bits & PlainPermission.DENY) != 0) {
            return new PolicyEntry(resource, List.of(Action.ALL), List.of(), Decision.DENY);
        }
        List<Action> actions = new ArrayList<>(2);
        if ((bits & PlainPermission.PUB) != 0) {
            actions.add(Action.PUB);
        }
        if ((bits & PlainPermission.SUB) != 0) {
            actions.add(Action.SUB);
        }
        return new PolicyEntry(resource, actions, List.of(), Decision.ALLOW);
    }

    /**
     * Creates each account's user and ACL in {@code metadata} unless a user of that name exists (then the account is
     * left alone, as in RocketMQ).
     *
     * @return how many accounts were migrated
     */
    static int migrate(PlainAclChecker.Accounts accounts, AuthMetadata metadata) {
        int n = 0;
        for (PlainAccount account : accounts.byAccessKey().values()) {
            Migrated m = of(account);
            if (!metadata.createIfAbsent(m.user())) {
                continue;
            }
            if (m.acl() != null) {
                metadata.createAcl(m.acl());
            }
            n++;
        }
        return n;
    }
}
