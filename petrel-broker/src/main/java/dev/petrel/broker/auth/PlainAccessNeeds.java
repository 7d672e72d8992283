package dev.petrel.broker.auth;

import static dev.petrel.broker.auth.PlainPermission.PUB;
import static dev.petrel.broker.auth.PlainPermission.SUB;

import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a request needs under ACL 1.0 (security.md §2.6): resource to permission bits, where a group is its retry
 * topic {@code %RETRY%<group>} and a send to a {@code %RETRY%} topic needs SUB on that group. Only the client codes
 * below name resources; the codes in {@link #ADMIN_CODES} need an admin account; every other code needs a valid
 * signature only. A request whose header or body cannot be read is refused ({@link AuthException}), as RocketMQ
 * refuses it before looking at the account. Stateless.
 */
final class PlainAccessNeeds {

    /** RocketMQ's UPDATE_AND_CREATE_STATIC_TOPIC (static topics; Petrel does not serve the code). */
    static final int UPDATE_AND_CREATE_STATIC_TOPIC = 513;

    /** Codes only an {@code admin: true} account may send (RocketMQ's Permission.ADMIN_CODE). */
    static final Set<Integer> ADMIN_CODES = Set.of(RequestCode.UPDATE_AND_CREATE_TOPIC, RequestCode.UPDATE_BROKER_CONFIG,
        RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
        RequestCode.DELETE_SUBSCRIPTIONGROUP, UPDATE_AND_CREATE_STATIC_TOPIC,
        RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, RequestCode.DELETE_ACL_CONFIG, RequestCode.GET_BROKER_CLUSTER_ACL_INFO);

    static final String TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";

    private PlainAccessNeeds() {
    }

    static Map<String, Byte> of(RemotingCommand request) {
        Map<String, String> f = request.extFields();
        Map<String, Byte> out = new LinkedHashMap<>(4);
        switch (request.code()) {
            case RequestCode.SEND_MESSAGE -> send(out, f.get("topic"));
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE -> send(out, f.get("b"));
            case RequestCode.CONSUMER_SEND_MSG_BACK -> put(out, retry(f.get("group")), SUB);
            case RequestCode.PULL_MESSAGE -> {
                put(out, f.get("topic"), SUB);
                put(out, retry(f.get("consumerGroup")), SUB);
            }
            case RequestCode.QUERY_MESSAGE -> put(out, f.get("topic"), SUB);
            case RequestCode.HEART_BEAT -> {
                HeartbeatData data;
                try {
                    data = HeartbeatData.CODEC.decode(request.body());
                } catch (RuntimeException e) {
                    throw new AuthException("the heartbeat body cannot be read");
                }
                for (ConsumerData consumer : data.consumerDataSet()) {
                    put(out, retry(consumer.groupName()), SUB);
                    for (SubscriptionData s : consumer.subscriptionDataSet()) {
                        put(out, s.topic(), SUB);
                    }
                }
            }
            case RequestCode.UNREGISTER_CLIENT -> {
                required(f, "clientID");
                put(out, retry(f.get("consumerGroup")), SUB);
            }
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> put(out, retry(required(f, "consumerGroup")), SUB);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> {
                String group = required(f, "consumerGroup");
                String topic = required(f, "topic");
                required(f, "queueId");
                required(f, "commitOffset");
                put(out, retry(group), SUB);
                put(out, topic, SUB);
            }
            default -> {
            }
        }
        return out;
    }

    static boolean isGroup(String resource) {
        return resource.startsWith(PlainAclFile.RETRY_PREFIX);
    }

    /** {@code topic:<t>} or {@code group:<g>}, as RocketMQ names a resource in its refusals. */
    static String describe(String resource) {
        return isGroup(resource) ? "group:" + AuthFailures.printable(resource.substring(PlainAclFile.RETRY_PREFIX.length()))
            : "topic:" + AuthFailures.printable(resource);
    }

    private static void send(Map<String, Byte> out, String topic) {
        put(out, topic, topic != null && isGroup(topic) ? SUB : PUB);
    }

    private static void put(Map<String, Byte> out, String resource, byte perm) {
        if (resource != null) {
            out.put(resource, perm);
        }
    }

    private static String retry(String group) {
        return group == null ? null : PlainAclFile.RETRY_PREFIX + group;
    }

    private static String required(Map<String, String> f, String name) {
        String v = f.get(name);
        if (v == null) {
            throw new AuthException("the request header lacks the required field " + name);
        }
        return v;
    }
}
