package dev.petrel.message;

/**
 * The message property keys RocketMQ uses (its {@code MessageConst}), with the exact strings that travel in the
 * properties string and are stored on disk (message-format.md §3.2). Only keys; what they mean is documented there.
 */
public final class PropertyNames {

    public static final String KEYS = "KEYS";
    public static final String TAGS = "TAGS";
    public static final String WAIT_STORE_MSG_OK = "WAIT";
    public static final String DELAY_TIME_LEVEL = "DELAY";
    public static final String RETRY_TOPIC = "RETRY_TOPIC";
    public static final String REAL_TOPIC = "REAL_TOPIC";
    public static final String REAL_QUEUE_ID = "REAL_QID";
    public static final String TRANSACTION_PREPARED = "TRAN_MSG";
    public static final String PRODUCER_GROUP = "PGROUP";
    public static final String MIN_OFFSET = "MIN_OFFSET";
    public static final String MAX_OFFSET = "MAX_OFFSET";
    public static final String BUYER_ID = "BUYER_ID";
    public static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";
    public static final String TRANSFER_FLAG = "TRANSFER_FLAG";
    public static final String CORRECTION_FLAG = "CORRECTION_FLAG";
    public static final String MQ2_FLAG = "MQ2_FLAG";
    public static final String RECONSUME_TIME = "RECONSUME_TIME";
    public static final String MSG_REGION = "MSG_REGION";
    public static final String TRACE_SWITCH = "TRACE_ON";
    public static final String UNIQ_CLIENT_MESSAGE_ID_KEYIDX = "UNIQ_KEY";
    public static final String EXTEND_UNIQ_INFO = "EXTEND_UNIQ_INFO";
    public static final String MAX_RECONSUME_TIMES = "MAX_RECONSUME_TIMES";
    public static final String CONSUME_START_TIMESTAMP = "CONSUME_START_TIME";
    public static final String INNER_NUM = "INNER_NUM";
    public static final String INNER_BASE = "INNER_BASE";
    public static final String DUP_INFO = "DUP_INFO";
    public static final String CHECK_IMMUNITY_TIME_IN_SECONDS = "CHECK_IMMUNITY_TIME_IN_SECONDS";
    public static final String TRANSACTION_PREPARED_QUEUE_OFFSET = "TRAN_PREPARED_QUEUE_OFFSET";
    public static final String TRANSACTION_ID = "__transactionId__";
    public static final String TRANSACTION_CHECK_TIMES = "TRANSACTION_CHECK_TIMES";
    public static final String INSTANCE_ID = "INSTANCE_ID";
    public static final String CORRELATION_ID = "CORRELATION_ID";
    public static final String MESSAGE_REPLY_TO_CLIENT = "REPLY_TO_CLIENT";
    public static final String MESSAGE_TTL = "TTL";
    public static final String REPLY_MESSAGE_ARRIVE_TIME = "ARRIVE_TIME";
    public static final String PUSH_REPLY_TIME = "PUSH_REPLY_TIME";
    public static final String CLUSTER = "CLUSTER";
    public static final String MESSAGE_TYPE = "MSG_TYPE";
    public static final String POP_CK = "POP_CK";
    public static final String POP_CK_OFFSET = "POP_CK_OFFSET";
    public static final String FIRST_POP_TIME = "1ST_POP_TIME";
    public static final String SHARDING_KEY = "__SHARDINGKEY";
    public static final String FORWARD_QUEUE_ID = "PROPERTY_FORWARD_QUEUE_ID";
    public static final String REDIRECT = "REDIRECT";
    public static final String INNER_MULTI_DISPATCH = "INNER_MULTI_DISPATCH";
    public static final String INNER_MULTI_QUEUE_OFFSET = "INNER_MULTI_QUEUE_OFFSET";
    public static final String TRACE_CONTEXT = "TRACE_CONTEXT";
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    public static final String TIMER_OUT_MS = "TIMER_OUT_MS";
    public static final String TIMER_ENQUEUE_MS = "TIMER_ENQUEUE_MS";
    public static final String TIMER_DEQUEUE_MS = "TIMER_DEQUEUE_MS";
    public static final String TIMER_ROLL_TIMES = "TIMER_ROLL_TIMES";
    public static final String TIMER_DEL_UNIQKEY = "TIMER_DEL_UNIQKEY";
    public static final String TIMER_DELAY_LEVEL = "TIMER_DELAY_LEVEL";
    public static final String BORN_HOST = "__BORNHOST";
    public static final String BORN_TIMESTAMP = "BORN_TIMESTAMP";
    public static final String CRC32 = "__CRC32#";
    public static final String DLQ_ORIGIN_TOPIC = "DLQ_ORIGIN_TOPIC";
    public static final String DLQ_ORIGIN_MESSAGE_ID = "DLQ_ORIGIN_MESSAGE_ID";
    public static final String TRANSIENT_PREFIX = "__RMQ.TRANSIENT.";
    public static final String TRANSIENT_TOPIC_CONFIG = "__RMQ.TRANSIENT.TOPIC_SYS_FLAG";
    public static final String TRANSIENT_GROUP_CONFIG = "__RMQ.TRANSIENT.GROUP_SYS_FLAG";
    /** Legacy ONS key, only read by the client to classify a message as delayed. */
    public static final String START_DELIVER_TIME = "__STARTDELIVERTIME";

    /** Separator between several business keys in {@link #KEYS}. */
    public static final String KEY_SEPARATOR = " ";

    private PropertyNames() {
    }
}
