package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * PUSH_REPLY_MESSAGE_TO_CLIENT (326) request, broker to client; body: the reply message body.
 */
public record ReplyMessageRequestHeader(
    @Required String producerGroup,
    @Required String topic,
    @Required String defaultTopic,
    @Required int defaultTopicQueueNums,
    @Required int queueId,
    @Required int sysFlag,
    @Required long bornTimestamp,
    @Required int flag,
    String properties,
    Integer reconsumeTimes,
    boolean unitMode,
    @Required String bornHost,
    @Required String storeHost,
    @Required long storeTimestamp,
    RpcFields rpc) {

    public ReplyMessageRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
