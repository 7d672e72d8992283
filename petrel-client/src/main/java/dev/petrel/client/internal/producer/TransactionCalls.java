package dev.petrel.client.internal.producer;

import dev.petrel.client.internal.Remote;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.EndTransactionRequestHeader;

/**
 * END_TRANSACTION (37), oneway as the 5.3.1 client sends it: after the local transaction
 * ({@code fromTransactionCheck=false}, offsets from the send result) and in answer to a check-back
 * ({@code fromTransactionCheck=true}, offsets from the check). Thread-safe.
 */
public final class TransactionCalls {

    private static final RecordHeaderCodec<EndTransactionRequestHeader> CODEC =
        RecordHeaderCodec.of(EndTransactionRequestHeader.class);

    private final Remote remote;
    private final String producerGroup;
    private final long timeoutMillis;

    public TransactionCalls(Remote remote, String producerGroup, long timeoutMillis) {
        this.remote = remote;
        this.producerGroup = producerGroup;
        this.timeoutMillis = timeoutMillis;
    }

    /** After the local transaction: the half message is named by its send result's offset id and queue offset. */
    public void endAfterSend(String brokerAddr, String brokerName, String topic, String offsetMsgId, long queueOffset,
                             String msgId, String transactionId, int commitOrRollback) {
        long commitLogOffset = OffsetMessageId.decode(offsetMsgId).physicalOffset();
        send(brokerAddr, new EndTransactionRequestHeader(topic, producerGroup, queueOffset, commitLogOffset,
            commitOrRollback, false, msgId, transactionId, RpcFields.toBroker(brokerName)));
    }

    /** In answer to CHECK_TRANSACTION_STATE, to the broker that asked. */
    public void endAfterCheck(String brokerAddr, String brokerName, String topic, long commitLogOffset,
                              long tranStateTableOffset, String msgId, String transactionId, int commitOrRollback) {
        send(brokerAddr, new EndTransactionRequestHeader(topic, producerGroup, tranStateTableOffset, commitLogOffset,
            commitOrRollback, true, msgId, transactionId, RpcFields.toBroker(brokerName)));
    }

    private void send(String brokerAddr, EndTransactionRequestHeader header) {
        remote.oneway(brokerAddr, RemotingCommand.request(RequestCode.END_TRANSACTION, CODEC.encode(header), null),
            timeoutMillis, "END_TRANSACTION");
    }
}
