package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * UPDATE_AND_CREATE_ACL_CONFIG (50) request (security.md §2.8): one ACL 1.0 account to create, or to update field by
 * field (a null field leaves the stored one as it is). {@code admin} is a primitive, as in RocketMQ's header, so it is
 * always sent. {@code topicPerms} and {@code groupPerms} are comma-joined {@code resource=WORD} items.
 */
public record CreateAccessConfigRequestHeader(
    @Required String accessKey,
    String secretKey,
    String whiteRemoteAddress,
    boolean admin,
    String defaultTopicPerm,
    String defaultGroupPerm,
    String topicPerms,
    String groupPerms) {

    /** The secret never appears in a log line or exception text. */
    @Override
    public String toString() {
        return "CreateAccessConfigRequestHeader[accessKey=" + accessKey + ", secretKey=" + (secretKey == null ? "null"
            : "******") + ", whiteRemoteAddress=" + whiteRemoteAddress + ", admin=" + admin + ", defaultTopicPerm="
            + defaultTopicPerm + ", defaultGroupPerm=" + defaultGroupPerm + ", topicPerms=" + topicPerms
            + ", groupPerms=" + groupPerms + "]";
    }
}
