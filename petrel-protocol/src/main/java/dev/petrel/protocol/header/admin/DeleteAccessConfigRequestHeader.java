package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/** DELETE_ACL_CONFIG (51) request: the ACL 1.0 account to remove. */
public record DeleteAccessConfigRequestHeader(
    @Required String accessKey) {
}
