package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * UPDATE_GLOBAL_WHITE_ADDRS_CONFIG (53) request: the comma-joined patterns that replace a file's
 * {@code globalWhiteRemoteAddresses}, and that file's full path (null or blank: the broker's default plain_acl.yml).
 * RocketMQ's header marks the path required, yet mqadmin 5.3.1 leaves it out when {@code -p} is not given, and the
 * 5.3.1 broker then uses its default file, as Petrel's does.
 */
public record UpdateGlobalWhiteAddrsConfigRequestHeader(
    @Required String globalWhiteAddrs,
    String aclFileFullPath) {
}
