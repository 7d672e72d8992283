package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * UPDATE_AND_CREATE_TOPIC (17) request. {@code topicFilterType} is SINGLE_TAG or MULTI_TAG; {@code attributes} is
 * {@code +k=v,-k2} (5.3.1 sends an empty string when there are none).
 */
public record CreateTopicRequestHeader(
    @Required String topic,
    @Required String defaultTopic,
    @Required int readQueueNums,
    @Required int writeQueueNums,
    @Required int perm,
    @Required String topicFilterType,
    Integer topicSysFlag,
    @Required boolean order,
    String attributes,
    boolean force,
    RpcFields rpc) {

    public CreateTopicRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
