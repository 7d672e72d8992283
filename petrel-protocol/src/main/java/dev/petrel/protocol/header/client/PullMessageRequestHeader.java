package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361) request header, encoded by {@link PullMessageRequestHeaderCodec}.
 *
 * @param consumerGroup        consumer group
 * @param topic                topic
 * @param queueId              queue
 * @param queueOffset          first offset wanted
 * @param maxMsgNums           most messages to return
 * @param sysFlag              PullSysFlag bits: 0x1 commit offset, 0x2 suspend, 0x4 subscription, 0x8 class filter,
 *                             0x10 lite pull
 * @param commitOffset         consumer offset to commit with this pull (-1 = none)
 * @param suspendTimeoutMillis long-poll hold time
 * @param subscription         expression, when the subscription bit is set
 * @param subVersion           the subscription's version (client time when it was built)
 * @param expressionType       {@code TAG} or {@code SQL92}
 * @param maxMsgBytes          byte limit of the response body
 * @param requestSource        proxy only
 * @param proxyFrowardClientId proxy only (Apache's spelling)
 * @param rpc                  base fields
 */
public record PullMessageRequestHeader(
    @Required String consumerGroup,
    @Required String topic,
    @Required int queueId,
    @Required long queueOffset,
    @Required int maxMsgNums,
    @Required int sysFlag,
    @Required long commitOffset,
    @Required long suspendTimeoutMillis,
    String subscription,
    @Required long subVersion,
    String expressionType,
    Integer maxMsgBytes,
    Integer requestSource,
    String proxyFrowardClientId,
    RpcFields rpc) {

    public PullMessageRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
