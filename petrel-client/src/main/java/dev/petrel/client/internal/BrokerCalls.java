package dev.petrel.client.internal;

import dev.petrel.client.BrokerException;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.LockBatchResponseBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetResponseHeader;
import dev.petrel.protocol.header.client.GetMinOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMinOffsetResponseHeader;
import dev.petrel.protocol.header.client.HeartbeatRequestHeader;
import dev.petrel.protocol.header.client.LockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetResponseHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetResponseHeader;
import dev.petrel.protocol.header.client.UnlockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.UnregisterClientRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import java.util.List;
import java.util.Set;

/**
 * The client's control calls to brokers, with the headers the 5.3.1 client sends ({@code bname} = the target broker
 * on queue-level calls). Thread-safe.
 */
public final class BrokerCalls {

    private final Remote remote;
    private final long timeoutMillis;

    public BrokerCalls(Remote remote, long timeoutMillis) {
        this.remote = remote;
        this.timeoutMillis = timeoutMillis;
    }

    public Remote remote() {
        return remote;
    }

    public long timeoutMillis() {
        return timeoutMillis;
    }

    /** HEART_BEAT; returns the broker's version (the response's version field). */
    public int heartbeat(String address, HeartbeatData data) {
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.HEART_BEAT,
            new HeartbeatRequestHeader(RpcFields.NONE), HeartbeatData.CODEC.encode(data)), timeoutMillis, "heartbeat");
        Remote.expect(response, ResponseCode.SUCCESS, address, "heartbeat");
        return response.version();
    }

    public void unregister(String address, String clientId, String producerGroup, String consumerGroup) {
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.UNREGISTER_CLIENT,
            new UnregisterClientRequestHeader(clientId, producerGroup, consumerGroup, RpcFields.NONE), null),
            timeoutMillis, "unregister client");
        Remote.expect(response, ResponseCode.SUCCESS, address, "unregister client");
    }

    public void checkClientConfig(String address, CheckClientRequestBody body) {
        RemotingCommand response = remote.call(address, Requests.bare(RequestCode.CHECK_CLIENT_CONFIG,
            CheckClientRequestBody.CODEC.encode(body)), timeoutMillis, "check of subscription " + body.subscriptionData().subString());
        Remote.expect(response, ResponseCode.SUCCESS, address, "check of subscription " + body.subscriptionData().subString());
    }

    /** GET_CONSUMER_LIST_BY_GROUP: the live client ids of the group as this broker sees them. */
    public List<String> consumerIds(String address, String group) {
        String what = "consumer list of group " + group;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
            new GetConsumerListByGroupRequestHeader(group, RpcFields.NONE), null), timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return response.body() == null ? List.of()
            : GetConsumerListByGroupResponseBody.CODEC.decode(response.body()).consumerIdList();
    }

    /** QUERY_CONSUMER_OFFSET; -1 when the broker has no offset for the group (QUERY_NOT_FOUND). */
    public long queryOffset(String address, MessageQueue mq, String group) {
        String what = "offset query of " + mq + " for " + group;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.QUERY_CONSUMER_OFFSET,
            new QueryConsumerOffsetRequestHeader(group, mq.topic(), mq.queueId(), null, RpcFields.toBroker(mq.brokerName())),
            null), timeoutMillis, what);
        if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
            return -1;
        }
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return Requests.header(response, QueryConsumerOffsetResponseHeader.class, address, what).offset();
    }

    private RemotingCommand updateOffsetRequest(MessageQueue mq, String group, long offset) {
        return Requests.of(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader(group, mq.topic(),
            mq.queueId(), offset, RpcFields.toBroker(mq.brokerName())), null);
    }

    /** UPDATE_CONSUMER_OFFSET oneway: the periodic commit of the 5.3.1 client. */
    public void updateOffsetOneway(String address, MessageQueue mq, String group, long offset) {
        remote.oneway(address, updateOffsetRequest(mq, group, offset).asOneway(), timeoutMillis,
            "offset commit of " + mq);
    }

    /** UPDATE_CONSUMER_OFFSET waiting for the broker's answer (explicit commits). */
    public void updateOffsetSync(String address, MessageQueue mq, String group, long offset) {
        String what = "offset commit of " + mq + " for " + group;
        Remote.expect(remote.call(address, updateOffsetRequest(mq, group, offset), timeoutMillis, what),
            ResponseCode.SUCCESS, address, what);
    }

    /** GET_MAX_OFFSET (committed=true): the queue's next offset to be written. */
    public long maxOffset(String address, MessageQueue mq) {
        String what = "max offset of " + mq;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.GET_MAX_OFFSET,
            new GetMaxOffsetRequestHeader(mq.topic(), mq.queueId(), true, RpcFields.toBroker(mq.brokerName())), null),
            timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return Requests.header(response, GetMaxOffsetResponseHeader.class, address, what).offset();
    }

    public long minOffset(String address, MessageQueue mq) {
        String what = "min offset of " + mq;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.GET_MIN_OFFSET,
            new GetMinOffsetRequestHeader(mq.topic(), mq.queueId(), RpcFields.toBroker(mq.brokerName())), null),
            timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return Requests.header(response, GetMinOffsetResponseHeader.class, address, what).offset();
    }

    /** SEARCH_OFFSET_BY_TIMESTAMP: the first offset stored at or after {@code timestamp}. */
    public long searchOffset(String address, MessageQueue mq, long timestamp) {
        String what = "offset search of " + mq;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
            new SearchOffsetRequestHeader(mq.topic(), mq.queueId(), timestamp, null, RpcFields.toBroker(mq.brokerName())),
            null), timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return Requests.header(response, SearchOffsetResponseHeader.class, address, what).offset();
    }

    /** CONSUMER_SEND_MSG_BACK (sync, 5 s): the broker schedules the message for redelivery through the retry topic. */
    public void sendBack(String address, String brokerName, long commitLogOffset, String group, int delayLevel,
                         String originMsgId, String originTopic, int maxReconsumeTimes) {
        String what = "send-back of " + originMsgId;
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.CONSUMER_SEND_MSG_BACK,
            new ConsumerSendMsgBackRequestHeader(commitLogOffset, group, delayLevel, originMsgId, originTopic, false,
                maxReconsumeTimes, RpcFields.toBroker(brokerName)), null), 5_000, what);
        if (response.code() != ResponseCode.SUCCESS) {
            throw new BrokerException(response.code(), response.remark(), address, what);
        }
    }

    /** LOCK_BATCH_MQ (sync, 1 s as the 5.3.1 client): the queues the broker now holds for this client. */
    public Set<MessageQueue> lockBatch(String address, LockBatchRequestBody body) {
        String what = "lock of " + body.mqSet().size() + " queues for group " + body.consumerGroup();
        RemotingCommand response = remote.call(address, Requests.of(RequestCode.LOCK_BATCH_MQ,
            new LockBatchMqRequestHeader(RpcFields.NONE), LockBatchRequestBody.CODEC.encode(body)), 1_000, what);
        Remote.expect(response, ResponseCode.SUCCESS, address, what);
        return response.body() == null ? Set.of() : LockBatchResponseBody.CODEC.decode(response.body()).lockOKMQSet();
    }

    /** UNLOCK_BATCH_MQ (sync, 1 s). */
    public void unlockBatch(String address, UnlockBatchRequestBody body) {
        String what = "unlock of " + body.mqSet().size() + " queues for group " + body.consumerGroup();
        Remote.expect(remote.call(address, Requests.of(RequestCode.UNLOCK_BATCH_MQ,
            new UnlockBatchMqRequestHeader(RpcFields.NONE), UnlockBatchRequestBody.CODEC.encode(body)), 1_000, what),
            ResponseCode.SUCCESS, address, what);
    }
}
