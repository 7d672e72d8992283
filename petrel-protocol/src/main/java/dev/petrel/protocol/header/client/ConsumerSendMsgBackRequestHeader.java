package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * CONSUMER_SEND_MSG_BACK (36) request: {@code offset} is the failed message's commit-log offset.
 */
public record ConsumerSendMsgBackRequestHeader(
    @Required long offset,
    @Required String group,
    @Required int delayLevel,
    String originMsgId,
    String originTopic,
    boolean unitMode,
    Integer maxReconsumeTimes,
    RpcFields rpc) {

    public ConsumerSendMsgBackRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
