package dev.petrel.broker.auth;

import java.util.Map;

/**
 * One {@code accounts} entry of a plain_acl.yml (security.md §2.2), parsed. Topic and group permissions are keyed by
 * resource as RocketMQ checks them: topics by name, groups by their retry topic {@code %RETRY%<group>}.
 * {@link #toString()} shows no secret.
 *
 * @param topicPerms         topic name to permission bits ({@link PlainPermission}), in file order
 * @param groupPerms         {@code %RETRY%<group>} to permission bits, in file order
 * @param defaultTopicPermWord the word as written (null when absent), for the migration to ACL 2.0
 */
record PlainAccount(String accessKey, String secretKey, RemoteAddressPattern whiteRemoteAddress, boolean admin,
                    byte defaultTopicPerm, byte defaultGroupPerm, Map<String, Byte> topicPerms,
                    Map<String, Byte> groupPerms, String defaultTopicPermWord, String defaultGroupPermWord) {

    @Override
    public String toString() {
        return "PlainAccount[accessKey=" + AuthFailures.printable(accessKey) + ", secretKey=******, admin=" + admin
            + ", whiteRemoteAddress=" + whiteRemoteAddress + ", defaultTopicPerm=" + PlainPermission.word(defaultTopicPerm)
            + ", defaultGroupPerm=" + PlainPermission.word(defaultGroupPerm) + ", " + topicPerms.size() + " topics, "
            + groupPerms.size() + " groups]";
    }
}
