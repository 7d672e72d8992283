package dev.petrel.compat.broker;

import java.util.Map;
import java.util.regex.Pattern;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;

/**
 * Requests for ACL tables, built with the official 5.3.1 client's header classes and sent with its remoting client
 * to a broker's address (no NameServer, no retries, one connection per broker), signed by the official
 * {@link AclClientRPCHook} of whoever {@link #as} names. {@link #outcome} reduces an answer to what an ACL decides:
 * {@code pass}, {@code v1: <message>} (ACL 1.0's SYSTEM_ERROR, the AclException message without 5.3.1's stack
 * frame) or {@code v2: <remark>} (ACL 2.0's NO_PERMISSION).
 */
final class AclRequests implements AutoCloseable {

    static final String V1_PREFIX = "org.apache.rocketmq.acl.common.AclException: ";
    private static final Pattern FRAME = Pattern.compile(", [\\w.$]+\\([\\w.]+:\\d+\\)$");

    /** One request of a table: what it is, for the test's messages, and how to build it. */
    record Request(String name, java.util.function.Supplier<RemotingCommand> build) {
        @Override
        public String toString() {
            return name;
        }
    }

    private final NettyRemotingClient client;
    private volatile RPCHook signer;
    private volatile String lastAnswer;

    AclRequests() {
        client = new NettyRemotingClient(new NettyClientConfig());
        client.registerRPCHook(new RPCHook() {
            @Override
            public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
                RPCHook s = signer;
                if (s != null) {
                    s.doBeforeRequest(remoteAddr, request);
                }
            }

            @Override
            public void doAfterResponse(String remoteAddr, RemotingCommand request, RemotingCommand response) {
            }
        });
        client.start();
    }

    /** Signs the following requests with these credentials (null: unsigned). */
    AclRequests as(String accessKey, String secretKey) {
        signer = accessKey == null ? null : new AclClientRPCHook(new SessionCredentials(accessKey, secretKey));
        return this;
    }

    /** Sends {@code request} to {@code addr} and reduces the answer (see the class comment). */
    String outcome(String addr, Request request) throws Exception {
        // SYSTEM_BUSY (2) is a broker shedding load before anything was checked (5.3.1's fast failure, Petrel's
        // queue-time limit): ask again, so a loaded machine never passes for an ACL's answer.
        RemotingCommand response = dev.petrel.testkit.Await.value(java.time.Duration.ofSeconds(60),
            "an answer to " + request + " from " + addr + " that is not SYSTEM_BUSY",
            () -> client.invokeSync(addr, request.build().get(), 30_000), r -> r.getCode() != 2);
        lastAnswer = "code " + response.getCode() + " " + response.getRemark();
        return outcome(response.getCode(), response.getRemark());
    }

    /** The code and remark of the last answer, for failure messages. */
    String lastAnswer() {
        return lastAnswer;
    }

    static String outcome(int code, String remark) {
        if (code == 1 && remark != null && remark.startsWith(V1_PREFIX)) {
            return "v1: " + FRAME.matcher(remark.substring(V1_PREFIX.length())).replaceFirst("");
        }
        if (code == 16) {
            return "v2: " + remark;
        }
        return "pass";
    }

    @Override
    public void close() {
        client.shutdown();
    }

    // ---- the requests

    static Request send(String topic) {
        return new Request("send " + topic, () -> {
            SendMessageRequestHeader h = new SendMessageRequestHeader();
            h.setProducerGroup("aclPG");
            h.setTopic(topic);
            h.setDefaultTopic("TBW102");
            h.setDefaultTopicQueueNums(4);
            h.setQueueId(0);
            h.setSysFlag(0);
            h.setBornTimestamp(System.currentTimeMillis());
            h.setFlag(0);
            h.setProperties("");
            h.setReconsumeTimes(0);
            h.setUnitMode(false);
            h.setBatch(false);
            return request(RequestCode.SEND_MESSAGE_V2, SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(h),
                "hello".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        });
    }

    static Request pull(String topic, String group) {
        return new Request("pull " + topic + " as " + group, () -> {
            PullMessageRequestHeader h = new PullMessageRequestHeader();
            h.setConsumerGroup(group);
            h.setTopic(topic);
            h.setQueueId(0);
            h.setQueueOffset(0L);
            h.setMaxMsgNums(1);
            h.setSysFlag(0);
            h.setCommitOffset(0L);
            h.setSuspendTimeoutMillis(0L);
            h.setSubscription("*");
            h.setSubVersion(0L);
            h.setExpressionType("TAG");
            return request(RequestCode.PULL_MESSAGE, h, null);
        });
    }

    static Request heartbeat(String group, String topic) {
        return new Request("heartbeat " + group + " on " + topic, () -> {
            HeartbeatData data = new HeartbeatData();
            data.setClientID("127.0.0.1@acl-table");
            ConsumerData c = new ConsumerData();
            c.setGroupName(group);
            c.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
            c.setMessageModel(MessageModel.CLUSTERING);
            c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
            c.getSubscriptionDataSet().add(new SubscriptionData(topic, "*"));
            data.getConsumerDataSet().add(c);
            return request(RequestCode.HEART_BEAT, null, data.encode());
        });
    }

    static Request commitOffset(String group, String topic) {
        return new Request("commit offset of " + group + " on " + topic, () -> {
            UpdateConsumerOffsetRequestHeader h = new UpdateConsumerOffsetRequestHeader();
            h.setConsumerGroup(group);
            h.setTopic(topic);
            h.setQueueId(0);
            h.setCommitOffset(0L);
            return request(RequestCode.UPDATE_CONSUMER_OFFSET, h, null);
        });
    }

    static Request consumerList(String group) {
        return new Request("consumer list of " + group, () -> {
            GetConsumerListByGroupRequestHeader h = new GetConsumerListByGroupRequestHeader();
            h.setConsumerGroup(group);
            return request(RequestCode.GET_CONSUMER_LIST_BY_GROUP, h, null);
        });
    }

    static Request createTopic(String topic) {
        return new Request("create topic " + topic, () -> {
            CreateTopicRequestHeader h = new CreateTopicRequestHeader();
            h.setTopic(topic);
            h.setDefaultTopic("TBW102");
            h.setReadQueueNums(1);
            h.setWriteQueueNums(1);
            h.setPerm(6);
            h.setTopicFilterType("SINGLE_TAG");
            h.setTopicSysFlag(0);
            h.setOrder(false);
            return request(RequestCode.UPDATE_AND_CREATE_TOPIC, h, null);
        });
    }

    /** A request given by its ext fields (the official client signs them as they are). */
    static Request raw(String name, int code, Map<String, String> fields, String body) {
        return new Request(name, () -> {
            RemotingCommand r = RemotingCommand.createRequestCommand(code, null);
            r.setExtFields(new java.util.HashMap<>(fields));
            r.setBody(body == null ? null : body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return r;
        });
    }

    static Request brokerConfig() {
        return new Request("get broker config", () -> request(RequestCode.GET_BROKER_CONFIG, null, null));
    }

    private static RemotingCommand request(int code, CommandCustomHeader header, byte[] body) {
        RemotingCommand r = RemotingCommand.createRequestCommand(code, header);
        if (header == null) {
            r.setExtFields(new java.util.HashMap<>(Map.of()));
        }
        r.setBody(body);
        return r;
    }
}
