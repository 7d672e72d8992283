package dev.petrel.protocol.code;

/**
 * Response codes. 29 (INVALID_PARAMETER) is deliberately absent: the 5.3.1 client does not know it; Petrel answers SYSTEM_ERROR where newer brokers answer 29.
 *
 * <p>Values are RocketMQ's wire values (ResponseCode.java, RemotingSysResponseCode.java); see {@code shared/protocol/request-codes.md}.
 */
public final class ResponseCode {

    public static final int SUCCESS = 0;
    public static final int SYSTEM_ERROR = 1;
    public static final int SYSTEM_BUSY = 2;
    public static final int REQUEST_CODE_NOT_SUPPORTED = 3;
    public static final int TRANSACTION_FAILED = 4;
    public static final int FLUSH_DISK_TIMEOUT = 10;
    public static final int SLAVE_NOT_AVAILABLE = 11;
    public static final int FLUSH_SLAVE_TIMEOUT = 12;
    public static final int MESSAGE_ILLEGAL = 13;
    public static final int SERVICE_NOT_AVAILABLE = 14;
    public static final int VERSION_NOT_SUPPORTED = 15;
    public static final int NO_PERMISSION = 16;
    public static final int TOPIC_NOT_EXIST = 17;
    public static final int TOPIC_EXIST_ALREADY = 18;
    public static final int PULL_NOT_FOUND = 19;
    public static final int PULL_RETRY_IMMEDIATELY = 20;
    public static final int PULL_OFFSET_MOVED = 21;
    public static final int QUERY_NOT_FOUND = 22;
    public static final int SUBSCRIPTION_PARSE_FAILED = 23;
    public static final int SUBSCRIPTION_NOT_EXIST = 24;
    public static final int SUBSCRIPTION_NOT_LATEST = 25;
    public static final int SUBSCRIPTION_GROUP_NOT_EXIST = 26;
    public static final int FILTER_DATA_NOT_EXIST = 27;
    public static final int FILTER_DATA_NOT_LATEST = 28;
    public static final int TRANSACTION_SHOULD_COMMIT = 200;
    public static final int TRANSACTION_SHOULD_ROLLBACK = 201;
    public static final int TRANSACTION_STATE_UNKNOW = 202;
    public static final int TRANSACTION_STATE_GROUP_WRONG = 203;
    public static final int NO_BUYER_ID = 204;
    public static final int NOT_IN_CURRENT_UNIT = 205;
    public static final int CONSUMER_NOT_ONLINE = 206;
    public static final int CONSUME_MSG_TIMEOUT = 207;
    public static final int NO_MESSAGE = 208;
    public static final int POLLING_FULL = 209;
    public static final int POLLING_TIMEOUT = 210;
    public static final int BROKER_NOT_EXIST = 211;
    public static final int BROKER_DISPATCH_NOT_COMPLETE = 212;
    public static final int BROADCAST_CONSUMPTION = 213;
    public static final int FLOW_CONTROL = 215;
    public static final int NOT_LEADER_FOR_QUEUE = 501;
    public static final int ILLEGAL_OPERATION = 604;
    public static final int GO_AWAY = 1500;

    private ResponseCode() {
    }

    /** The constant's name, or {@code "UNKNOWN(<code>)"}; for logs and error remarks. */
    public static String name(int code) {
        return switch (code) {
            case SUCCESS -> "SUCCESS";
            case SYSTEM_ERROR -> "SYSTEM_ERROR";
            case SYSTEM_BUSY -> "SYSTEM_BUSY";
            case REQUEST_CODE_NOT_SUPPORTED -> "REQUEST_CODE_NOT_SUPPORTED";
            case TRANSACTION_FAILED -> "TRANSACTION_FAILED";
            case FLUSH_DISK_TIMEOUT -> "FLUSH_DISK_TIMEOUT";
            case SLAVE_NOT_AVAILABLE -> "SLAVE_NOT_AVAILABLE";
            case FLUSH_SLAVE_TIMEOUT -> "FLUSH_SLAVE_TIMEOUT";
            case MESSAGE_ILLEGAL -> "MESSAGE_ILLEGAL";
            case SERVICE_NOT_AVAILABLE -> "SERVICE_NOT_AVAILABLE";
            case VERSION_NOT_SUPPORTED -> "VERSION_NOT_SUPPORTED";
            case NO_PERMISSION -> "NO_PERMISSION";
            case TOPIC_NOT_EXIST -> "TOPIC_NOT_EXIST";
            case TOPIC_EXIST_ALREADY -> "TOPIC_EXIST_ALREADY";
            case PULL_NOT_FOUND -> "PULL_NOT_FOUND";
            case PULL_RETRY_IMMEDIATELY -> "PULL_RETRY_IMMEDIATELY";
            case PULL_OFFSET_MOVED -> "PULL_OFFSET_MOVED";
            case QUERY_NOT_FOUND -> "QUERY_NOT_FOUND";
            case SUBSCRIPTION_PARSE_FAILED -> "SUBSCRIPTION_PARSE_FAILED";
            case SUBSCRIPTION_NOT_EXIST -> "SUBSCRIPTION_NOT_EXIST";
            case SUBSCRIPTION_NOT_LATEST -> "SUBSCRIPTION_NOT_LATEST";
            case SUBSCRIPTION_GROUP_NOT_EXIST -> "SUBSCRIPTION_GROUP_NOT_EXIST";
            case FILTER_DATA_NOT_EXIST -> "FILTER_DATA_NOT_EXIST";
            case FILTER_DATA_NOT_LATEST -> "FILTER_DATA_NOT_LATEST";
            case TRANSACTION_SHOULD_COMMIT -> "TRANSACTION_SHOULD_COMMIT";
            case TRANSACTION_SHOULD_ROLLBACK -> "TRANSACTION_SHOULD_ROLLBACK";
            case TRANSACTION_STATE_UNKNOW -> "TRANSACTION_STATE_UNKNOW";
            case TRANSACTION_STATE_GROUP_WRONG -> "TRANSACTION_STATE_GROUP_WRONG";
            case NO_BUYER_ID -> "NO_BUYER_ID";
            case NOT_IN_CURRENT_UNIT -> "NOT_IN_CURRENT_UNIT";
            case CONSUMER_NOT_ONLINE -> "CONSUMER_NOT_ONLINE";
            case CONSUME_MSG_TIMEOUT -> "CONSUME_MSG_TIMEOUT";
            case NO_MESSAGE -> "NO_MESSAGE";
            case POLLING_FULL -> "POLLING_FULL";
            case POLLING_TIMEOUT -> "POLLING_TIMEOUT";
            case BROKER_NOT_EXIST -> "BROKER_NOT_EXIST";
            case BROKER_DISPATCH_NOT_COMPLETE -> "BROKER_DISPATCH_NOT_COMPLETE";
            case BROADCAST_CONSUMPTION -> "BROADCAST_CONSUMPTION";
            case FLOW_CONTROL -> "FLOW_CONTROL";
            case NOT_LEADER_FOR_QUEUE -> "NOT_LEADER_FOR_QUEUE";
            case ILLEGAL_OPERATION -> "ILLEGAL_OPERATION";
            case GO_AWAY -> "GO_AWAY";
            default -> "UNKNOWN(" + code + ")";
        };
    }
}
