package dev.petrel.broker.auth;

import static dev.petrel.broker.auth.Action.CREATE;
import static dev.petrel.broker.auth.Action.DELETE;
import static dev.petrel.broker.auth.Action.GET;
import static dev.petrel.broker.auth.Action.LIST;
import static dev.petrel.broker.auth.Action.PUB;
import static dev.petrel.broker.auth.Action.SUB;
import static dev.petrel.broker.auth.Action.UPDATE;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a request needs to be allowed (security.md §3.6): a list of (resource, actions) pairs, each of which must be
 * allowed; a request needing nothing is not authorized at all (as in RocketMQ, for codes such as GET_BROKER_CONFIG).
 * The broker's codes with their own rule (sends, pulls, heartbeats, offsets, locks) are coded below; every other
 * code follows the table of RocketMQ 5.3.1's header annotations ({@link #RULES}): its actions, and a resource per
 * named header field that is present (or the cluster, for cluster-level codes without such a field).
 *
 * <p>A topic named {@code %RETRY%<group>} is the group {@code <group>}. Stateless; bad bodies become
 * {@link AuthException} (refused, never allowed).
 */
final class AccessNeeds {

    /** One thing a request must be allowed: any of {@code actions} on {@code resource}. */
    record Need(AuthResource resource, List<Action> actions) {
    }

    private record Field(String name, ResourceType type, boolean split) {
    }

    /** The annotation of one header class: its actions, whether it is cluster-level, its resource fields. */
    private record Rule(List<Action> actions, boolean cluster, List<Field> fields) {
    }

    static final String RETRY_PREFIX = "%RETRY%";
    static final String DLQ_PREFIX = "%DLQ%";
    private static final Map<Integer, Rule> RULES = rules();

    private final String clusterName;

    AccessNeeds(String clusterName) {
        this.clusterName = clusterName;
    }

    List<Need> of(RemotingCommand request) {
        Map<String, String> f = request.extFields();
        List<Need> out = new ArrayList<>(2);
        switch (request.code()) {
            case RequestCode.GET_ROUTEINFO_BY_TOPIC -> out.add(topic(f.get("topic"), PUB, SUB, GET));
            case RequestCode.SEND_MESSAGE -> send(out, f.get("topic"), f.get("group"));
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE -> send(out, f.get("b"), f.get("a"));
            case RequestCode.END_TRANSACTION -> {
                if (notBlank(f.get("topic"))) {
                    out.add(topic(f.get("topic"), PUB));
                }
            }
            case RequestCode.CONSUMER_SEND_MSG_BACK -> out.add(group(f.get("group"), SUB));
            case RequestCode.PULL_MESSAGE -> {
                if (!isRetry(f.get("topic"))) {
                    out.add(topic(f.get("topic"), SUB));
                }
                out.add(group(f.get("consumerGroup"), SUB));
            }
            case RequestCode.QUERY_MESSAGE -> out.add(topic(f.get("topic"), SUB, GET));
            case RequestCode.HEART_BEAT -> heartbeat(out, request.body());
            case RequestCode.UNREGISTER_CLIENT -> {
                if (notBlank(f.get("consumerGroup"))) {
                    out.add(group(f.get("consumerGroup"), SUB));
                }
            }
            case RequestCode.GET_CONSUMER_LIST_BY_GROUP -> out.add(group(f.get("consumerGroup"), SUB, GET));
            case RequestCode.QUERY_CONSUMER_OFFSET -> offsets(out, f, GET);
            case RequestCode.UPDATE_CONSUMER_OFFSET -> offsets(out, f, UPDATE);
            case RequestCode.LOCK_BATCH_MQ -> {
                LockBatchRequestBody body = decode(() -> LockBatchRequestBody.CODEC.decode(request.body()));
                locks(out, body.consumerGroup(), body.mqSet());
            }
            case RequestCode.UNLOCK_BATCH_MQ -> {
                UnlockBatchRequestBody body = decode(() -> UnlockBatchRequestBody.CODEC.decode(request.body()));
                locks(out, body.consumerGroup(), body.mqSet());
            }
            default -> annotated(out, request.code(), f);
        }
        return out;
    }

    private void send(List<Need> out, String topic, String group) {
        if (isRetry(topic)) {
            out.add(group(notBlank(group) ? group : topic, SUB));
        } else {
            out.add(topic(topic, PUB));
        }
    }

    private void heartbeat(List<Need> out, byte[] body) {
        HeartbeatData data = decode(() -> HeartbeatData.CODEC.decode(body));
        for (ConsumerData consumer : data.consumerDataSet()) {
            out.add(group(consumer.groupName(), SUB));
            for (SubscriptionData s : consumer.subscriptionDataSet()) {
                if (!isRetry(s.topic())) {
                    out.add(topic(s.topic(), SUB));
                }
            }
        }
    }

    private void offsets(List<Need> out, Map<String, String> f, Action second) {
        if (!isRetry(f.get("topic"))) {
            out.add(topic(f.get("topic"), SUB, second));
        }
        out.add(group(f.get("consumerGroup"), SUB, second));
    }

    private void locks(List<Need> out, String group, Set<MessageQueue> queues) {
        out.add(group(group, SUB));
        for (MessageQueue q : queues == null ? Set.<MessageQueue>of() : queues) {
            if (!isRetry(q.topic())) {
                out.add(topic(q.topic(), SUB));
            }
        }
    }

    private void annotated(List<Need> out, int code, Map<String, String> f) {
        Rule rule = RULES.get(code);
        if (rule == null) {
            return;
        }
        for (Field field : rule.fields()) {
            String value = f.get(field.name());
            if (value == null) {
                continue;
            }
            for (String v : field.split() ? value.split(",") : new String[] {value}) {
                if (field.type() == ResourceType.TOPIC && isRetry(v)) {
                    out.add(new Need(AuthResource.of(ResourceType.GROUP, groupName(v)), rule.actions()));
                } else {
                    out.add(new Need(AuthResource.of(field.type(), v), rule.actions()));
                }
            }
        }
        if (out.isEmpty() && rule.cluster()) {
            out.add(new Need(AuthResource.of(ResourceType.CLUSTER, clusterName), rule.actions()));
        }
    }

    private static Need topic(String name, Action... actions) {
        return new Need(AuthResource.of(ResourceType.TOPIC, name == null ? "" : name), List.of(actions));
    }

    private static Need group(String name, Action... actions) {
        return new Need(AuthResource.of(ResourceType.GROUP, groupName(name)), List.of(actions));
    }

    /** A group's name without the retry or dead-letter prefix, as RocketMQ names group resources. */
    static String groupName(String name) {
        if (name == null) {
            return "";
        }
        if (name.startsWith(RETRY_PREFIX)) {
            return name.substring(RETRY_PREFIX.length());
        }
        if (name.startsWith(DLQ_PREFIX)) {
            return name.substring(DLQ_PREFIX.length());
        }
        return name;
    }

    private static boolean isRetry(String topic) {
        return topic != null && topic.startsWith(RETRY_PREFIX);
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private static <T> T decode(java.util.function.Supplier<T> body) {
        try {
            return body.get();
        } catch (RuntimeException e) {
            throw new AuthException("Authorization failed. Please verify your access rights and try again.");
        }
    }

    private static Map<Integer, Rule> rules() {
        Map<Integer, Rule> m = new HashMap<>();
        Field topic = new Field("topic", ResourceType.TOPIC, false);
        Field consumerGroup = new Field("consumerGroup", ResourceType.GROUP, false);
        Field group = new Field("group", ResourceType.GROUP, false);
        Field clusterName = new Field("clusterName", ResourceType.CLUSTER, false);
        // Cluster-level codes: the named cluster, else this broker's cluster.
        for (int code : new int[] {RequestCode.AUTH_CREATE_USER, RequestCode.AUTH_UPDATE_USER, RequestCode.AUTH_DELETE_USER,
            RequestCode.AUTH_CREATE_ACL, RequestCode.AUTH_UPDATE_ACL, RequestCode.AUTH_DELETE_ACL,
            RequestCode.ADD_WRITE_PERM_OF_BROKER, RequestCode.PUT_KV_CONFIG, RequestCode.DELETE_KV_CONFIG,
            RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, RequestCode.DELETE_ACL_CONFIG,
            RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG, RequestCode.WIPE_WRITE_PERM_OF_BROKER,
            RequestCode.REGISTER_TOPIC_IN_NAMESRV}) {
            m.put(code, new Rule(List.of(UPDATE), true, List.of()));
        }
        for (int code : new int[] {RequestCode.REGISTER_BROKER, RequestCode.UNREGISTER_BROKER, RequestCode.BROKER_HEARTBEAT,
            RequestCode.DELETE_TOPIC_IN_NAMESRV, RequestCode.CLEAN_BROKER_DATA}) {
            m.put(code, new Rule(List.of(UPDATE), true, List.of(clusterName)));
        }
        for (int code : new int[] {RequestCode.AUTH_GET_USER, RequestCode.AUTH_LIST_USER, RequestCode.AUTH_GET_ACL,
            RequestCode.AUTH_LIST_ACL, RequestCode.GET_ALL_PRODUCER_INFO, RequestCode.GET_BROKER_CONSUME_STATS,
            RequestCode.GET_KV_CONFIG, RequestCode.GET_KVLIST_BY_NAMESPACE, RequestCode.GET_PRODUCER_CONNECTION_LIST,
            RequestCode.VIEW_BROKER_STATS_DATA}) {
            m.put(code, new Rule(List.of(GET), true, List.of()));
        }
        for (int code : new int[] {RequestCode.QUERY_DATA_VERSION, RequestCode.GET_BROKER_CLUSTER_ACL_INFO}) {
            m.put(code, new Rule(List.of(GET), true, List.of(clusterName)));
        }
        m.put(RequestCode.GET_BROKER_MEMBER_GROUP, new Rule(List.of(GET), false, List.of(clusterName)));
        // Topic- and group-level codes.
        m.put(RequestCode.UPDATE_AND_CREATE_TOPIC, new Rule(List.of(CREATE), false, List.of(topic)));
        m.put(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST, new Rule(List.of(CREATE), false, List.of()));
        m.put(RequestCode.DELETE_TOPIC_IN_BROKER, new Rule(List.of(DELETE), false, List.of(topic)));
        m.put(RequestCode.DELETE_SUBSCRIPTIONGROUP, new Rule(List.of(DELETE), false,
            List.of(new Field("groupName", ResourceType.GROUP, false))));
        m.put(RequestCode.GET_ALL_TOPIC_CONFIG, new Rule(List.of(LIST), false, List.of()));
        m.put(RequestCode.GET_TOPICS_BY_CLUSTER, new Rule(List.of(LIST), false, List.of()));
        for (int code : new int[] {RequestCode.GET_TOPIC_CONFIG, RequestCode.GET_TOPIC_STATS_INFO, RequestCode.GET_MAX_OFFSET,
            RequestCode.GET_MIN_OFFSET, RequestCode.GET_EARLIEST_MSG_STORETIME, RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
            RequestCode.VIEW_MESSAGE_BY_ID, RequestCode.QUERY_TOPIC_CONSUME_BY_WHO}) {
            m.put(code, new Rule(List.of(GET), false, List.of(topic)));
        }
        m.put(RequestCode.GET_CONSUMER_CONNECTION_LIST, new Rule(List.of(GET), false, List.of(consumerGroup)));
        m.put(RequestCode.GET_CONSUMER_RUNNING_INFO, new Rule(List.of(GET), false, List.of(consumerGroup)));
        m.put(RequestCode.GET_CONSUME_STATS, new Rule(List.of(GET), false, List.of(consumerGroup, topic)));
        m.put(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, new Rule(List.of(GET), false, List.of(group)));
        m.put(RequestCode.QUERY_TOPICS_BY_CONSUMER, new Rule(List.of(GET), false, List.of(group)));
        m.put(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, new Rule(List.of(GET), false, List.of(group, topic)));
        m.put(RequestCode.QUERY_CONSUME_TIME_SPAN, new Rule(List.of(GET), false, List.of(topic, group)));
        m.put(RequestCode.QUERY_CONSUME_QUEUE, new Rule(List.of(GET), false, List.of(topic, consumerGroup)));
        m.put(RequestCode.QUERY_CORRECTION_OFFSET, new Rule(List.of(GET), false, List.of(
            new Field("filterGroups", ResourceType.GROUP, true), new Field("compareGroup", ResourceType.GROUP, false), topic)));
        m.put(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, new Rule(List.of(GET), false, List.of(topic, group)));
        // 5.3.1 annotates this header's topic field as a group and its group field as a topic; Petrel checks each
        // field as what it names (docs/compatibility.md).
        m.put(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, new Rule(List.of(UPDATE), false, List.of(topic, group)));
        m.put(RequestCode.CLONE_GROUP_OFFSET, new Rule(List.of(UPDATE), false,
            List.of(new Field("destGroup", ResourceType.GROUP, false), topic)));
        m.put(RequestCode.RESUME_CHECK_HALF_MESSAGE, new Rule(List.of(UPDATE), false, List.of(topic)));
        m.put(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, new Rule(List.of(SUB), false, List.of(consumerGroup)));
        m.put(RequestCode.CONSUME_MESSAGE_DIRECTLY, new Rule(List.of(SUB), false, List.of(consumerGroup, topic)));
        m.put(RequestCode.CHECK_TRANSACTION_STATE, new Rule(List.of(PUB), false, List.of(topic)));
        m.put(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, new Rule(List.of(SUB), false,
            List.of(new Field("producerGroup", ResourceType.GROUP, false), topic)));
        return Map.copyOf(m);
    }
}
