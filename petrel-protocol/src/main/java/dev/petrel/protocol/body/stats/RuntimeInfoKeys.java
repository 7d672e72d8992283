package dev.petrel.protocol.body.stats;

import java.util.List;

/**
 * Keys of the GET_BROKER_RUNTIME_INFO KVTable that {@code mqadmin clusterList} parses (json-bodies.md §10). Every value
 * is a string; a missing numeric one makes the tool throw, so a broker must fill all of {@link #REQUIRED_BY_CLUSTER_LIST}.
 */
public final class RuntimeInfoKeys {

    /** e.g. {@code V5_3_1}. */
    public static final String BROKER_VERSION_DESC = "brokerVersionDesc";
    public static final String BROKER_ACTIVE = "brokerActive";
    public static final String MSG_PUT_TOTAL_YESTERDAY_MORNING = "msgPutTotalYesterdayMorning";
    public static final String MSG_PUT_TOTAL_TODAY_MORNING = "msgPutTotalTodayMorning";
    public static final String MSG_PUT_TOTAL_TODAY_NOW = "msgPutTotalTodayNow";
    public static final String MSG_GET_TOTAL_YESTERDAY_MORNING = "msgGetTotalYesterdayMorning";
    public static final String MSG_GET_TOTAL_TODAY_MORNING = "msgGetTotalTodayMorning";
    public static final String MSG_GET_TOTAL_TODAY_NOW = "msgGetTotalTodayNow";
    /** Three space-separated rates: 10 s, 60 s and 600 s windows. */
    public static final String PUT_TPS = "putTps";
    /** Three space-separated rates: 10 s, 60 s and 600 s windows. */
    public static final String GET_TRANSFERRED_TPS = "getTransferredTps";
    public static final String SEND_THREAD_POOL_QUEUE_SIZE = "sendThreadPoolQueueSize";
    public static final String PULL_THREAD_POOL_QUEUE_SIZE = "pullThreadPoolQueueSize";
    public static final String SEND_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS = "sendThreadPoolQueueHeadWaitTimeMills";
    public static final String PULL_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS = "pullThreadPoolQueueHeadWaitTimeMills";
    public static final String PAGE_CACHE_LOCK_TIME_MILLS = "pageCacheLockTimeMills";
    /** Milliseconds. */
    public static final String EARLIEST_MESSAGE_TIME_STAMP = "earliestMessageTimeStamp";
    /** A double between 0 and 1. */
    public static final String COMMIT_LOG_DISK_RATIO = "commitLogDiskRatio";
    public static final String TIMER_READ_BEHIND = "timerReadBehind";
    public static final String TIMER_OFFSET_BEHIND = "timerOffsetBehind";
    public static final String TIMER_CONGEST_NUM = "timerCongestNum";
    public static final String TIMER_ENQUEUE_TPS = "timerEnqueueTps";
    public static final String TIMER_DEQUEUE_TPS = "timerDequeueTps";

    /** The keys {@code mqadmin clusterList} reads (with its timer columns). */
    public static final List<String> REQUIRED_BY_CLUSTER_LIST = List.of(BROKER_VERSION_DESC, BROKER_ACTIVE,
        MSG_PUT_TOTAL_YESTERDAY_MORNING, MSG_PUT_TOTAL_TODAY_MORNING, MSG_PUT_TOTAL_TODAY_NOW,
        MSG_GET_TOTAL_YESTERDAY_MORNING, MSG_GET_TOTAL_TODAY_MORNING, MSG_GET_TOTAL_TODAY_NOW, PUT_TPS,
        GET_TRANSFERRED_TPS, SEND_THREAD_POOL_QUEUE_SIZE, PULL_THREAD_POOL_QUEUE_SIZE,
        SEND_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS, PULL_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS,
        PAGE_CACHE_LOCK_TIME_MILLS, EARLIEST_MESSAGE_TIME_STAMP, COMMIT_LOG_DISK_RATIO, TIMER_READ_BEHIND,
        TIMER_OFFSET_BEHIND, TIMER_CONGEST_NUM, TIMER_ENQUEUE_TPS, TIMER_DEQUEUE_TPS);

    private RuntimeInfoKeys() {
    }
}
