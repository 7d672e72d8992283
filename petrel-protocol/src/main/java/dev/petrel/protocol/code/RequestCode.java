package dev.petrel.protocol.code;

/**
 * Request codes: what a remoting request asks for. Codes served by nobody are listed too, so logs can name them.
 *
 * <p>Values are RocketMQ's wire values (RequestCode.java); see {@code shared/protocol/request-codes.md}.
 */
public final class RequestCode {

    public static final int SEND_MESSAGE = 10;
    public static final int PULL_MESSAGE = 11;
    public static final int QUERY_MESSAGE = 12;
    public static final int QUERY_BROKER_OFFSET = 13;
    public static final int QUERY_CONSUMER_OFFSET = 14;
    public static final int UPDATE_CONSUMER_OFFSET = 15;
    public static final int UPDATE_AND_CREATE_TOPIC = 17;
    public static final int UPDATE_AND_CREATE_TOPIC_LIST = 18;
    public static final int GET_ALL_TOPIC_CONFIG = 21;
    public static final int GET_TOPIC_CONFIG_LIST = 22;
    public static final int GET_TOPIC_NAME_LIST = 23;
    public static final int UPDATE_BROKER_CONFIG = 25;
    public static final int GET_BROKER_CONFIG = 26;
    public static final int TRIGGER_DELETE_FILES = 27;
    public static final int GET_BROKER_RUNTIME_INFO = 28;
    public static final int SEARCH_OFFSET_BY_TIMESTAMP = 29;
    public static final int GET_MAX_OFFSET = 30;
    public static final int GET_MIN_OFFSET = 31;
    public static final int GET_EARLIEST_MSG_STORETIME = 32;
    public static final int VIEW_MESSAGE_BY_ID = 33;
    public static final int HEART_BEAT = 34;
    public static final int UNREGISTER_CLIENT = 35;
    public static final int CONSUMER_SEND_MSG_BACK = 36;
    public static final int END_TRANSACTION = 37;
    public static final int GET_CONSUMER_LIST_BY_GROUP = 38;
    public static final int CHECK_TRANSACTION_STATE = 39;
    public static final int NOTIFY_CONSUMER_IDS_CHANGED = 40;
    public static final int LOCK_BATCH_MQ = 41;
    public static final int UNLOCK_BATCH_MQ = 42;
    public static final int GET_ALL_CONSUMER_OFFSET = 43;
    public static final int GET_ALL_DELAY_OFFSET = 45;
    public static final int CHECK_CLIENT_CONFIG = 46;
    public static final int GET_CLIENT_CONFIG = 47;
    public static final int GET_TIMER_CHECK_POINT = 60;
    public static final int GET_TIMER_METRICS = 61;
    public static final int PUT_KV_CONFIG = 100;
    public static final int GET_KV_CONFIG = 101;
    public static final int DELETE_KV_CONFIG = 102;
    public static final int REGISTER_BROKER = 103;
    public static final int UNREGISTER_BROKER = 104;
    public static final int GET_ROUTEINFO_BY_TOPIC = 105;
    public static final int GET_BROKER_CLUSTER_INFO = 106;
    public static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP = 200;
    public static final int GET_ALL_SUBSCRIPTIONGROUP_CONFIG = 201;
    public static final int GET_TOPIC_STATS_INFO = 202;
    public static final int GET_CONSUMER_CONNECTION_LIST = 203;
    public static final int GET_PRODUCER_CONNECTION_LIST = 204;
    public static final int WIPE_WRITE_PERM_OF_BROKER = 205;
    public static final int GET_ALL_TOPIC_LIST_FROM_NAMESERVER = 206;
    public static final int DELETE_SUBSCRIPTIONGROUP = 207;
    public static final int GET_CONSUME_STATS = 208;
    public static final int SUSPEND_CONSUMER = 209;
    public static final int RESUME_CONSUMER = 210;
    public static final int RESET_CONSUMER_OFFSET_IN_CONSUMER = 211;
    public static final int RESET_CONSUMER_OFFSET_IN_BROKER = 212;
    public static final int ADJUST_CONSUMER_THREAD_POOL = 213;
    public static final int WHO_CONSUME_THE_MESSAGE = 214;
    public static final int DELETE_TOPIC_IN_BROKER = 215;
    public static final int DELETE_TOPIC_IN_NAMESRV = 216;
    public static final int REGISTER_TOPIC_IN_NAMESRV = 217;
    public static final int GET_KVLIST_BY_NAMESPACE = 219;
    public static final int RESET_CONSUMER_CLIENT_OFFSET = 220;
    public static final int GET_CONSUMER_STATUS_FROM_CLIENT = 221;
    public static final int INVOKE_BROKER_TO_RESET_OFFSET = 222;
    public static final int INVOKE_BROKER_TO_GET_CONSUMER_STATUS = 223;
    public static final int GET_TOPICS_BY_CLUSTER = 224;
    public static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST = 225;
    public static final int QUERY_TOPIC_CONSUME_BY_WHO = 300;
    public static final int QUERY_CONSUME_TIME_SPAN = 303;
    public static final int GET_SYSTEM_TOPIC_LIST_FROM_NS = 304;
    public static final int GET_SYSTEM_TOPIC_LIST_FROM_BROKER = 305;
    public static final int CLEAN_EXPIRED_CONSUMEQUEUE = 306;
    public static final int GET_CONSUMER_RUNNING_INFO = 307;
    public static final int QUERY_CORRECTION_OFFSET = 308;
    public static final int CONSUME_MESSAGE_DIRECTLY = 309;
    public static final int SEND_MESSAGE_V2 = 310;
    public static final int GET_UNIT_TOPIC_LIST = 311;
    public static final int GET_HAS_UNIT_SUB_TOPIC_LIST = 312;
    public static final int GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST = 313;
    public static final int CLONE_GROUP_OFFSET = 314;
    public static final int VIEW_BROKER_STATS_DATA = 315;
    public static final int CLEAN_UNUSED_TOPIC = 316;
    public static final int GET_BROKER_CONSUME_STATS = 317;
    public static final int UPDATE_NAMESRV_CONFIG = 318;
    public static final int GET_NAMESRV_CONFIG = 319;
    public static final int SEND_BATCH_MESSAGE = 320;
    public static final int QUERY_CONSUME_QUEUE = 321;
    public static final int QUERY_DATA_VERSION = 322;
    public static final int RESUME_CHECK_HALF_MESSAGE = 323;
    public static final int SEND_REPLY_MESSAGE = 324;
    public static final int SEND_REPLY_MESSAGE_V2 = 325;
    public static final int PUSH_REPLY_MESSAGE_TO_CLIENT = 326;
    public static final int ADD_WRITE_PERM_OF_BROKER = 327;
    public static final int GET_ALL_PRODUCER_INFO = 328;
    public static final int DELETE_EXPIRED_COMMITLOG = 329;
    public static final int QUERY_TOPICS_BY_CONSUMER = 343;
    public static final int QUERY_SUBSCRIPTION_BY_CONSUMER = 345;
    public static final int GET_TOPIC_CONFIG = 351;
    public static final int GET_SUBSCRIPTIONGROUP_CONFIG = 352;
    public static final int LITE_PULL_MESSAGE = 361;
    public static final int BROKER_HEARTBEAT = 904;
    /** Replication status of one broker (body {@code HaRuntimeInfo}); {@code mqadmin haStatus}. */
    public static final int GET_BROKER_HA_STATUS = 907;

    /**
     * Petrel-only (not a RocketMQ code; docs/compatibility.md): one Raft message of DLedger mode between the brokers
     * of a group, on their {@code dLegerPeers} ports; the body is petrel-raft's wire codec, the header carries
     * {@code group}. Oneway. Chosen below 32768 (it fits RocketMQ's binary header's short) and far from every code
     * RocketMQ 5.3.1 or DLedger (50000-51005) uses, so an Apache peer answers it REQUEST_CODE_NOT_SUPPORTED.
     */
    // ACL 1.0 administration and a few codes named by the ACL 2.0 rules (security.md §2.8, §3.6).
    public static final int UPDATE_AND_CREATE_ACL_CONFIG = 50;
    public static final int DELETE_ACL_CONFIG = 51;
    public static final int GET_BROKER_CLUSTER_ACL_INFO = 52;
    public static final int UPDATE_GLOBAL_WHITE_ADDRS_CONFIG = 53;
    public static final int GET_BROKER_CLUSTER_ACL_CONFIG = 54;
    public static final int GET_BROKER_MEMBER_GROUP = 901;
    public static final int CLEAN_BROKER_DATA = 1011;
    // ACL 2.0 administration (security.md §3.8).
    public static final int AUTH_CREATE_USER = 3001;
    public static final int AUTH_UPDATE_USER = 3002;
    public static final int AUTH_DELETE_USER = 3003;
    public static final int AUTH_GET_USER = 3004;
    public static final int AUTH_LIST_USER = 3005;
    public static final int AUTH_CREATE_ACL = 3006;
    public static final int AUTH_UPDATE_ACL = 3007;
    public static final int AUTH_DELETE_ACL = 3008;
    public static final int AUTH_GET_ACL = 3009;
    public static final int AUTH_LIST_ACL = 3010;
    public static final int PETREL_RAFT_MESSAGE = 32600;

    private RequestCode() {
    }

    /** The constant's name, or {@code "UNKNOWN(<code>)"}; for logs and error remarks. */
    public static String name(int code) {
        return switch (code) {
            case SEND_MESSAGE -> "SEND_MESSAGE";
            case PULL_MESSAGE -> "PULL_MESSAGE";
            case QUERY_MESSAGE -> "QUERY_MESSAGE";
            case QUERY_BROKER_OFFSET -> "QUERY_BROKER_OFFSET";
            case QUERY_CONSUMER_OFFSET -> "QUERY_CONSUMER_OFFSET";
            case UPDATE_CONSUMER_OFFSET -> "UPDATE_CONSUMER_OFFSET";
            case UPDATE_AND_CREATE_TOPIC -> "UPDATE_AND_CREATE_TOPIC";
            case UPDATE_AND_CREATE_TOPIC_LIST -> "UPDATE_AND_CREATE_TOPIC_LIST";
            case GET_ALL_TOPIC_CONFIG -> "GET_ALL_TOPIC_CONFIG";
            case GET_TOPIC_CONFIG_LIST -> "GET_TOPIC_CONFIG_LIST";
            case GET_TOPIC_NAME_LIST -> "GET_TOPIC_NAME_LIST";
            case UPDATE_BROKER_CONFIG -> "UPDATE_BROKER_CONFIG";
            case GET_BROKER_CONFIG -> "GET_BROKER_CONFIG";
            case TRIGGER_DELETE_FILES -> "TRIGGER_DELETE_FILES";
            case GET_BROKER_RUNTIME_INFO -> "GET_BROKER_RUNTIME_INFO";
            case SEARCH_OFFSET_BY_TIMESTAMP -> "SEARCH_OFFSET_BY_TIMESTAMP";
            case GET_MAX_OFFSET -> "GET_MAX_OFFSET";
            case GET_MIN_OFFSET -> "GET_MIN_OFFSET";
            case GET_EARLIEST_MSG_STORETIME -> "GET_EARLIEST_MSG_STORETIME";
            case VIEW_MESSAGE_BY_ID -> "VIEW_MESSAGE_BY_ID";
            case HEART_BEAT -> "HEART_BEAT";
            case UNREGISTER_CLIENT -> "UNREGISTER_CLIENT";
            case CONSUMER_SEND_MSG_BACK -> "CONSUMER_SEND_MSG_BACK";
            case END_TRANSACTION -> "END_TRANSACTION";
            case GET_CONSUMER_LIST_BY_GROUP -> "GET_CONSUMER_LIST_BY_GROUP";
            case CHECK_TRANSACTION_STATE -> "CHECK_TRANSACTION_STATE";
            case NOTIFY_CONSUMER_IDS_CHANGED -> "NOTIFY_CONSUMER_IDS_CHANGED";
            case LOCK_BATCH_MQ -> "LOCK_BATCH_MQ";
            case UNLOCK_BATCH_MQ -> "UNLOCK_BATCH_MQ";
            case GET_ALL_CONSUMER_OFFSET -> "GET_ALL_CONSUMER_OFFSET";
            case GET_ALL_DELAY_OFFSET -> "GET_ALL_DELAY_OFFSET";
            case CHECK_CLIENT_CONFIG -> "CHECK_CLIENT_CONFIG";
            case GET_CLIENT_CONFIG -> "GET_CLIENT_CONFIG";
            case GET_TIMER_CHECK_POINT -> "GET_TIMER_CHECK_POINT";
            case GET_TIMER_METRICS -> "GET_TIMER_METRICS";
            case PUT_KV_CONFIG -> "PUT_KV_CONFIG";
            case GET_KV_CONFIG -> "GET_KV_CONFIG";
            case DELETE_KV_CONFIG -> "DELETE_KV_CONFIG";
            case REGISTER_BROKER -> "REGISTER_BROKER";
            case UNREGISTER_BROKER -> "UNREGISTER_BROKER";
            case GET_ROUTEINFO_BY_TOPIC -> "GET_ROUTEINFO_BY_TOPIC";
            case GET_BROKER_CLUSTER_INFO -> "GET_BROKER_CLUSTER_INFO";
            case UPDATE_AND_CREATE_SUBSCRIPTIONGROUP -> "UPDATE_AND_CREATE_SUBSCRIPTIONGROUP";
            case GET_ALL_SUBSCRIPTIONGROUP_CONFIG -> "GET_ALL_SUBSCRIPTIONGROUP_CONFIG";
            case GET_TOPIC_STATS_INFO -> "GET_TOPIC_STATS_INFO";
            case GET_CONSUMER_CONNECTION_LIST -> "GET_CONSUMER_CONNECTION_LIST";
            case GET_PRODUCER_CONNECTION_LIST -> "GET_PRODUCER_CONNECTION_LIST";
            case WIPE_WRITE_PERM_OF_BROKER -> "WIPE_WRITE_PERM_OF_BROKER";
            case GET_ALL_TOPIC_LIST_FROM_NAMESERVER -> "GET_ALL_TOPIC_LIST_FROM_NAMESERVER";
            case DELETE_SUBSCRIPTIONGROUP -> "DELETE_SUBSCRIPTIONGROUP";
            case GET_CONSUME_STATS -> "GET_CONSUME_STATS";
            case SUSPEND_CONSUMER -> "SUSPEND_CONSUMER";
            case RESUME_CONSUMER -> "RESUME_CONSUMER";
            case RESET_CONSUMER_OFFSET_IN_CONSUMER -> "RESET_CONSUMER_OFFSET_IN_CONSUMER";
            case RESET_CONSUMER_OFFSET_IN_BROKER -> "RESET_CONSUMER_OFFSET_IN_BROKER";
            case ADJUST_CONSUMER_THREAD_POOL -> "ADJUST_CONSUMER_THREAD_POOL";
            case WHO_CONSUME_THE_MESSAGE -> "WHO_CONSUME_THE_MESSAGE";
            case DELETE_TOPIC_IN_BROKER -> "DELETE_TOPIC_IN_BROKER";
            case DELETE_TOPIC_IN_NAMESRV -> "DELETE_TOPIC_IN_NAMESRV";
            case REGISTER_TOPIC_IN_NAMESRV -> "REGISTER_TOPIC_IN_NAMESRV";
            case GET_KVLIST_BY_NAMESPACE -> "GET_KVLIST_BY_NAMESPACE";
            case RESET_CONSUMER_CLIENT_OFFSET -> "RESET_CONSUMER_CLIENT_OFFSET";
            case GET_CONSUMER_STATUS_FROM_CLIENT -> "GET_CONSUMER_STATUS_FROM_CLIENT";
            case INVOKE_BROKER_TO_RESET_OFFSET -> "INVOKE_BROKER_TO_RESET_OFFSET";
            case INVOKE_BROKER_TO_GET_CONSUMER_STATUS -> "INVOKE_BROKER_TO_GET_CONSUMER_STATUS";
            case GET_TOPICS_BY_CLUSTER -> "GET_TOPICS_BY_CLUSTER";
            case UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST -> "UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST";
            case QUERY_TOPIC_CONSUME_BY_WHO -> "QUERY_TOPIC_CONSUME_BY_WHO";
            case QUERY_CONSUME_TIME_SPAN -> "QUERY_CONSUME_TIME_SPAN";
            case GET_SYSTEM_TOPIC_LIST_FROM_NS -> "GET_SYSTEM_TOPIC_LIST_FROM_NS";
            case GET_SYSTEM_TOPIC_LIST_FROM_BROKER -> "GET_SYSTEM_TOPIC_LIST_FROM_BROKER";
            case CLEAN_EXPIRED_CONSUMEQUEUE -> "CLEAN_EXPIRED_CONSUMEQUEUE";
            case GET_CONSUMER_RUNNING_INFO -> "GET_CONSUMER_RUNNING_INFO";
            case QUERY_CORRECTION_OFFSET -> "QUERY_CORRECTION_OFFSET";
            case CONSUME_MESSAGE_DIRECTLY -> "CONSUME_MESSAGE_DIRECTLY";
            case SEND_MESSAGE_V2 -> "SEND_MESSAGE_V2";
            case GET_UNIT_TOPIC_LIST -> "GET_UNIT_TOPIC_LIST";
            case GET_HAS_UNIT_SUB_TOPIC_LIST -> "GET_HAS_UNIT_SUB_TOPIC_LIST";
            case GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST -> "GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST";
            case CLONE_GROUP_OFFSET -> "CLONE_GROUP_OFFSET";
            case VIEW_BROKER_STATS_DATA -> "VIEW_BROKER_STATS_DATA";
            case GET_BROKER_HA_STATUS -> "GET_BROKER_HA_STATUS";
            case CLEAN_UNUSED_TOPIC -> "CLEAN_UNUSED_TOPIC";
            case GET_BROKER_CONSUME_STATS -> "GET_BROKER_CONSUME_STATS";
            case UPDATE_NAMESRV_CONFIG -> "UPDATE_NAMESRV_CONFIG";
            case GET_NAMESRV_CONFIG -> "GET_NAMESRV_CONFIG";
            case SEND_BATCH_MESSAGE -> "SEND_BATCH_MESSAGE";
            case QUERY_CONSUME_QUEUE -> "QUERY_CONSUME_QUEUE";
            case QUERY_DATA_VERSION -> "QUERY_DATA_VERSION";
            case RESUME_CHECK_HALF_MESSAGE -> "RESUME_CHECK_HALF_MESSAGE";
            case SEND_REPLY_MESSAGE -> "SEND_REPLY_MESSAGE";
            case SEND_REPLY_MESSAGE_V2 -> "SEND_REPLY_MESSAGE_V2";
            case PUSH_REPLY_MESSAGE_TO_CLIENT -> "PUSH_REPLY_MESSAGE_TO_CLIENT";
            case ADD_WRITE_PERM_OF_BROKER -> "ADD_WRITE_PERM_OF_BROKER";
            case GET_ALL_PRODUCER_INFO -> "GET_ALL_PRODUCER_INFO";
            case DELETE_EXPIRED_COMMITLOG -> "DELETE_EXPIRED_COMMITLOG";
            case QUERY_TOPICS_BY_CONSUMER -> "QUERY_TOPICS_BY_CONSUMER";
            case QUERY_SUBSCRIPTION_BY_CONSUMER -> "QUERY_SUBSCRIPTION_BY_CONSUMER";
            case GET_TOPIC_CONFIG -> "GET_TOPIC_CONFIG";
            case GET_SUBSCRIPTIONGROUP_CONFIG -> "GET_SUBSCRIPTIONGROUP_CONFIG";
            case LITE_PULL_MESSAGE -> "LITE_PULL_MESSAGE";
            case BROKER_HEARTBEAT -> "BROKER_HEARTBEAT";
            case UPDATE_AND_CREATE_ACL_CONFIG -> "UPDATE_AND_CREATE_ACL_CONFIG";
            case DELETE_ACL_CONFIG -> "DELETE_ACL_CONFIG";
            case GET_BROKER_CLUSTER_ACL_INFO -> "GET_BROKER_CLUSTER_ACL_INFO";
            case UPDATE_GLOBAL_WHITE_ADDRS_CONFIG -> "UPDATE_GLOBAL_WHITE_ADDRS_CONFIG";
            case GET_BROKER_CLUSTER_ACL_CONFIG -> "GET_BROKER_CLUSTER_ACL_CONFIG";
            case GET_BROKER_MEMBER_GROUP -> "GET_BROKER_MEMBER_GROUP";
            case CLEAN_BROKER_DATA -> "CLEAN_BROKER_DATA";
            case AUTH_CREATE_USER -> "AUTH_CREATE_USER";
            case AUTH_UPDATE_USER -> "AUTH_UPDATE_USER";
            case AUTH_DELETE_USER -> "AUTH_DELETE_USER";
            case AUTH_GET_USER -> "AUTH_GET_USER";
            case AUTH_LIST_USER -> "AUTH_LIST_USER";
            case AUTH_CREATE_ACL -> "AUTH_CREATE_ACL";
            case AUTH_UPDATE_ACL -> "AUTH_UPDATE_ACL";
            case AUTH_DELETE_ACL -> "AUTH_DELETE_ACL";
            case AUTH_GET_ACL -> "AUTH_GET_ACL";
            case AUTH_LIST_ACL -> "AUTH_LIST_ACL";
            case PETREL_RAFT_MESSAGE -> "PETREL_RAFT_MESSAGE";
            default -> "UNKNOWN(" + code + ")";
        };
    }
}
