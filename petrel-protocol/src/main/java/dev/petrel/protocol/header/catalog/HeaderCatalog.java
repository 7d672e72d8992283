package dev.petrel.protocol.header.catalog;

import static dev.petrel.protocol.code.RequestCode.*;

import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.CloneGroupOffsetRequestHeader;
import dev.petrel.protocol.header.admin.ConsumeMessageDirectlyResultRequestHeader;
import dev.petrel.protocol.header.admin.CreateTopicListRequestHeader;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.CreateAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.GetBrokerAclConfigResponseHeader;
import dev.petrel.protocol.header.admin.UpdateGlobalWhiteAddrsConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteTopicRequestHeader;
import dev.petrel.protocol.header.admin.GetBrokerConfigResponseHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerStatusRequestHeader;
import dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.protocol.header.admin.QueryConsumeQueueRequestHeader;
import dev.petrel.protocol.header.admin.QueryConsumeTimeSpanRequestHeader;
import dev.petrel.protocol.header.admin.QueryCorrectionOffsetHeader;
import dev.petrel.protocol.header.admin.QuerySubscriptionByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicsByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.admin.ResumeCheckHalfMessageRequestHeader;
import dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.protocol.header.client.EndTransactionRequestHeader;
import dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeRequestHeader;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeResponseHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetResponseHeader;
import dev.petrel.protocol.header.client.GetMinOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMinOffsetResponseHeader;
import dev.petrel.protocol.header.client.HeartbeatRequestHeader;
import dev.petrel.protocol.header.client.HeartbeatResponseHeader;
import dev.petrel.protocol.header.client.LockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.NotifyConsumerIdsChangedRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.PullMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetResponseHeader;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.protocol.header.client.QueryMessageResponseHeader;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.protocol.header.client.UnlockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.UnregisterClientRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.ViewMessageRequestHeader;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import dev.petrel.protocol.header.namesrv.GetBrokerMemberGroupRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigResponseHeader;
import dev.petrel.protocol.header.namesrv.GetKVListByNamespaceRequestHeader;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.protocol.header.namesrv.GetTopicsByClusterRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterTopicRequestHeader;
import dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Which header codec each request code uses, for the request and for its success response (request-codes.md §3–§6).
 * Codes absent here carry no header (GET_BROKER_CLUSTER_INFO, CHECK_CLIENT_CONFIG, …) or an empty one (Apache's
 * {@code UnregisterClientResponseHeader} and similar classes have no fields), so they have nothing to decode.
 *
 * <p>Processors normally use their codec directly ({@code RecordHeaderCodec.of(X.class)} or the hand-written
 * {@code *Codec.INSTANCE}); this table exists for dispatch-time validation, logging and for tests that cover every code.
 */
public final class HeaderCatalog {

    /** GET_BROKER_MEMBER_GROUP: not (yet) in {@code RequestCode}. */
    public static final int GET_BROKER_MEMBER_GROUP = 901;

    private static final Map<Integer, HeaderCodec<?>> REQUESTS = new TreeMap<>();
    private static final Map<Integer, HeaderCodec<?>> RESPONSES = new TreeMap<>();

    static {
        // NameServer (§3)
        request(PUT_KV_CONFIG, PutKVConfigRequestHeader.class);
        request(GET_KV_CONFIG, GetKVConfigRequestHeader.class);
        response(GET_KV_CONFIG, GetKVConfigResponseHeader.class);
        request(DELETE_KV_CONFIG, DeleteKVConfigRequestHeader.class);
        request(REGISTER_BROKER, RegisterBrokerRequestHeader.class);
        response(REGISTER_BROKER, RegisterBrokerResponseHeader.class);
        request(UNREGISTER_BROKER, UnRegisterBrokerRequestHeader.class);
        request(GET_ROUTEINFO_BY_TOPIC, GetRouteInfoRequestHeader.class);
        request(WIPE_WRITE_PERM_OF_BROKER, WipeWritePermOfBrokerRequestHeader.class);
        response(WIPE_WRITE_PERM_OF_BROKER, WipeWritePermOfBrokerResponseHeader.class);
        request(ADD_WRITE_PERM_OF_BROKER, AddWritePermOfBrokerRequestHeader.class);
        response(ADD_WRITE_PERM_OF_BROKER, AddWritePermOfBrokerResponseHeader.class);
        request(DELETE_TOPIC_IN_NAMESRV, DeleteTopicFromNamesrvRequestHeader.class);
        request(REGISTER_TOPIC_IN_NAMESRV, RegisterTopicRequestHeader.class);
        request(GET_KVLIST_BY_NAMESPACE, GetKVListByNamespaceRequestHeader.class);
        request(GET_TOPICS_BY_CLUSTER, GetTopicsByClusterRequestHeader.class);
        request(QUERY_DATA_VERSION, QueryDataVersionRequestHeader.class);
        response(QUERY_DATA_VERSION, QueryDataVersionResponseHeader.class);
        request(GET_BROKER_MEMBER_GROUP, GetBrokerMemberGroupRequestHeader.class);
        request(BROKER_HEARTBEAT, BrokerHeartbeatRequestHeader.class);

        // Broker requests from clients (§4)
        for (int send : new int[] {SEND_MESSAGE, SEND_REPLY_MESSAGE}) {
            REQUESTS.put(send, SendMessageV1HeaderCodec.INSTANCE);
        }
        for (int send : new int[] {SEND_MESSAGE_V2, SEND_BATCH_MESSAGE, SEND_REPLY_MESSAGE_V2}) {
            REQUESTS.put(send, SendMessageV2HeaderCodec.INSTANCE);
        }
        for (int send : new int[] {SEND_MESSAGE, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE, SEND_REPLY_MESSAGE,
            SEND_REPLY_MESSAGE_V2}) {
            RESPONSES.put(send, SendMessageResponseHeaderCodec.INSTANCE);
        }
        for (int pull : new int[] {PULL_MESSAGE, LITE_PULL_MESSAGE}) {
            REQUESTS.put(pull, PullMessageRequestHeaderCodec.INSTANCE);
            RESPONSES.put(pull, PullMessageResponseHeaderCodec.INSTANCE);
        }
        request(QUERY_MESSAGE, QueryMessageRequestHeader.class);
        response(QUERY_MESSAGE, QueryMessageResponseHeader.class);
        request(VIEW_MESSAGE_BY_ID, ViewMessageRequestHeader.class);
        request(HEART_BEAT, HeartbeatRequestHeader.class);
        response(HEART_BEAT, HeartbeatResponseHeader.class);
        request(UNREGISTER_CLIENT, UnregisterClientRequestHeader.class);
        request(GET_CONSUMER_LIST_BY_GROUP, GetConsumerListByGroupRequestHeader.class);
        request(QUERY_CONSUMER_OFFSET, QueryConsumerOffsetRequestHeader.class);
        response(QUERY_CONSUMER_OFFSET, QueryConsumerOffsetResponseHeader.class);
        request(UPDATE_CONSUMER_OFFSET, UpdateConsumerOffsetRequestHeader.class);
        request(SEARCH_OFFSET_BY_TIMESTAMP, SearchOffsetRequestHeader.class);
        response(SEARCH_OFFSET_BY_TIMESTAMP, SearchOffsetResponseHeader.class);
        request(GET_MAX_OFFSET, GetMaxOffsetRequestHeader.class);
        response(GET_MAX_OFFSET, GetMaxOffsetResponseHeader.class);
        request(GET_MIN_OFFSET, GetMinOffsetRequestHeader.class);
        response(GET_MIN_OFFSET, GetMinOffsetResponseHeader.class);
        request(GET_EARLIEST_MSG_STORETIME, GetEarliestMsgStoretimeRequestHeader.class);
        response(GET_EARLIEST_MSG_STORETIME, GetEarliestMsgStoretimeResponseHeader.class);
        request(CONSUMER_SEND_MSG_BACK, ConsumerSendMsgBackRequestHeader.class);
        request(END_TRANSACTION, EndTransactionRequestHeader.class);
        request(LOCK_BATCH_MQ, LockBatchMqRequestHeader.class);
        request(UNLOCK_BATCH_MQ, UnlockBatchMqRequestHeader.class);

        // Administration (§5)
        request(UPDATE_AND_CREATE_TOPIC, CreateTopicRequestHeader.class);
        request(UPDATE_AND_CREATE_TOPIC_LIST, CreateTopicListRequestHeader.class);
        request(DELETE_TOPIC_IN_BROKER, DeleteTopicRequestHeader.class);
        request(GET_TOPIC_CONFIG, GetTopicConfigRequestHeader.class);
        response(GET_BROKER_CONFIG, GetBrokerConfigResponseHeader.class);
        request(GET_SUBSCRIPTIONGROUP_CONFIG, GetSubscriptionGroupConfigRequestHeader.class);
        request(DELETE_SUBSCRIPTIONGROUP, DeleteSubscriptionGroupRequestHeader.class);
        request(GET_TOPIC_STATS_INFO, GetTopicStatsInfoRequestHeader.class);
        request(GET_CONSUMER_CONNECTION_LIST, GetConsumerConnectionListRequestHeader.class);
        request(GET_PRODUCER_CONNECTION_LIST, GetProducerConnectionListRequestHeader.class);
        request(GET_CONSUME_STATS, GetConsumeStatsRequestHeader.class);
        request(GET_BROKER_CONSUME_STATS, GetConsumeStatsInBrokerHeader.class);
        request(INVOKE_BROKER_TO_RESET_OFFSET, ResetOffsetRequestHeader.class);
        request(INVOKE_BROKER_TO_GET_CONSUMER_STATUS, GetConsumerStatusRequestHeader.class);
        request(QUERY_TOPIC_CONSUME_BY_WHO, QueryTopicConsumeByWhoRequestHeader.class);
        request(QUERY_TOPICS_BY_CONSUMER, QueryTopicsByConsumerRequestHeader.class);
        request(QUERY_SUBSCRIPTION_BY_CONSUMER, QuerySubscriptionByConsumerRequestHeader.class);
        request(QUERY_CONSUME_TIME_SPAN, QueryConsumeTimeSpanRequestHeader.class);
        request(GET_CONSUMER_RUNNING_INFO, GetConsumerRunningInfoRequestHeader.class);
        request(CONSUME_MESSAGE_DIRECTLY, ConsumeMessageDirectlyResultRequestHeader.class);
        request(QUERY_CORRECTION_OFFSET, QueryCorrectionOffsetHeader.class);
        request(CLONE_GROUP_OFFSET, CloneGroupOffsetRequestHeader.class);
        request(VIEW_BROKER_STATS_DATA, ViewBrokerStatsDataRequestHeader.class);
        request(QUERY_CONSUME_QUEUE, QueryConsumeQueueRequestHeader.class);
        request(RESUME_CHECK_HALF_MESSAGE, ResumeCheckHalfMessageRequestHeader.class);
        request(UPDATE_AND_CREATE_ACL_CONFIG, CreateAccessConfigRequestHeader.class);
        request(DELETE_ACL_CONFIG, DeleteAccessConfigRequestHeader.class);
        response(GET_BROKER_CLUSTER_ACL_INFO, GetBrokerAclConfigResponseHeader.class);
        request(UPDATE_GLOBAL_WHITE_ADDRS_CONFIG, UpdateGlobalWhiteAddrsConfigRequestHeader.class);

        // Broker to client (§6); GET_CONSUMER_RUNNING_INFO and CONSUME_MESSAGE_DIRECTLY share the admin headers above.
        request(NOTIFY_CONSUMER_IDS_CHANGED, NotifyConsumerIdsChangedRequestHeader.class);
        request(CHECK_TRANSACTION_STATE, CheckTransactionStateRequestHeader.class);
        request(RESET_CONSUMER_CLIENT_OFFSET, ResetOffsetRequestHeader.class);
        request(GET_CONSUMER_STATUS_FROM_CLIENT, GetConsumerStatusRequestHeader.class);
        request(PUSH_REPLY_MESSAGE_TO_CLIENT, ReplyMessageRequestHeader.class);
    }

    private HeaderCatalog() {
    }

    private static <T extends Record> void request(int code, Class<T> type) {
        REQUESTS.put(code, RecordHeaderCodec.of(type));
    }

    private static <T extends Record> void response(int code, Class<T> type) {
        RESPONSES.put(code, RecordHeaderCodec.of(type));
    }

    /** The codec of {@code code}'s request header; empty when the request carries none. */
    public static Optional<HeaderCodec<?>> request(int code) {
        return Optional.ofNullable(REQUESTS.get(code));
    }

    /** The codec of {@code code}'s success-response header; empty when the response carries none. */
    public static Optional<HeaderCodec<?>> response(int code) {
        return Optional.ofNullable(RESPONSES.get(code));
    }

    /** Every request code with a request header, ascending. */
    public static Map<Integer, HeaderCodec<?>> requests() {
        return Collections.unmodifiableMap(REQUESTS);
    }

    /** Every request code with a response header, ascending. */
    public static Map<Integer, HeaderCodec<?>> responses() {
        return Collections.unmodifiableMap(RESPONSES);
    }
}
