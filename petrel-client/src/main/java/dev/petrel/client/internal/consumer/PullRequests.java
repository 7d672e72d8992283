package dev.petrel.client.internal.consumer;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;

/**
 * Builds pull requests as the 5.3.1 client does (request-codes.md §4.2): {@code bname} = the queue's broker,
 * {@code subVersion} and {@code expressionType} always, the expression only with the SUBSCRIPTION bit.
 */
public final class PullRequests {

    private PullRequests() {
    }

    /**
     * @param code          PULL_MESSAGE or LITE_PULL_MESSAGE
     * @param sysFlag       {@link PullSysFlag} bits; with SUBSCRIPTION the expression is sent
     * @param commitOffset  offset to commit with the pull (-1 when unknown, 0 when not committing)
     * @param suspendMillis how long the broker may hold the pull
     */
    public static RemotingCommand build(int code, String group, MessageQueue mq, long offset, int maxNums, int sysFlag,
                                        long commitOffset, long suspendMillis, SubscriptionData sub, Integer maxBytes) {
        String expression = (sysFlag & PullSysFlag.SUBSCRIPTION) != 0 ? sub.subString() : null;
        PullMessageRequestHeader header = new PullMessageRequestHeader(group, mq.topic(), mq.queueId(), offset, maxNums,
            sysFlag, commitOffset, suspendMillis, expression, sub.subVersion(), sub.expressionType(), maxBytes, null, null,
            RpcFields.toBroker(mq.brokerName()));
        return RemotingCommand.request(code, PullMessageRequestHeaderCodec.INSTANCE.encode(header), null);
    }
}
