package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * GET_BROKER_CLUSTER_ACL_INFO (52) response: the default ACL file's DataVersion as JSON ({@code version}), every ACL
 * file's as a JSON object keyed by the file's path ({@code allAclFileVersion}; the 5.3.1 broker leaves it out, and the
 * 5.3.1 client then fails), and who answered.
 */
public record GetBrokerAclConfigResponseHeader(
    @Required String version,
    String allAclFileVersion,
    @Required String brokerName,
    @Required String brokerAddr,
    @Required String clusterName) {
}
