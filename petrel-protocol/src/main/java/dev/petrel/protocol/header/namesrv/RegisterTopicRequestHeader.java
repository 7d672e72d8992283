package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * REGISTER_TOPIC_IN_NAMESRV (217) request, broker to NameServer; body: TopicRouteData with only queueDatas.
 */
public record RegisterTopicRequestHeader(
    @Required String topic,
    RpcFields rpc) {

    public RegisterTopicRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
