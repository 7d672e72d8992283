package dev.petrel.broker.admin;

import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.SubscriptionConflicts;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreStats;

import java.io.File;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Builds the GET_BROKER_RUNTIME_INFO table: every key {@code mqadmin clusterList} parses (json-bodies.md §10; all
 * values strings, numbers where the tool parses numbers), the queue sizes {@code brokerStatus} shows, and Petrel's
 * own figures ({@code petrel*} keys), among them the consumer groups whose members subscribe inconsistently.
 */
public final class RuntimeInfoTable {

    /**
     * The processor pools whose queues the table reports: size, capacity and head wait (how long the oldest request
     * still queued has waited, RocketMQ's {@code *ThreadPoolQueueHeadWaitTimeMills}; 0 when none waits). Their
     * requests are stamped with the remoting server's clock, which must be this table's clock.
     */
    public record Pools(ProcessorExecutor send, ProcessorExecutor pull, ProcessorExecutor litePull,
                        ProcessorExecutor query) {
    }

    static final String VERSION_DESC = "V5_3_1";
    static final String VERSION = "475";

    private final Clock clock;
    private final long bootMillis;
    private final BrokerStats stats;
    private final MessageStore store;
    private final ConsumerRegistry consumers;
    private final Pools pools;
    private final IntSupplier heldPulls;
    private final File storeRoot;
    private final LongSupplier startAcceptSendRequestTimeStamp;

    public RuntimeInfoTable(Clock clock, BrokerStats stats, MessageStore store, ConsumerRegistry consumers, Pools pools,
                            IntSupplier heldPulls, File storeRoot, LongSupplier startAcceptSendRequestTimeStamp) {
        this.clock = clock;
        this.bootMillis = clock.millis();
        this.stats = stats;
        this.store = store;
        this.consumers = consumers;
        this.pools = pools;
        this.heldPulls = heldPulls;
        this.storeRoot = storeRoot;
        this.startAcceptSendRequestTimeStamp = startAcceptSendRequestTimeStamp;
    }

    public Map<String, String> build() {
        long now = clock.millis();
        StoreStats s = store.stats();
        Map<String, String> t = new TreeMap<>();
        t.put(RuntimeInfoKeys.BROKER_VERSION_DESC, VERSION_DESC);
        t.put("brokerVersion", VERSION);
        t.put(RuntimeInfoKeys.BROKER_ACTIVE, "true");
        t.put("bootTimestamp", Long.toString(bootMillis));
        t.put("runtime", uptime(now - bootMillis));
        t.put(RuntimeInfoKeys.MSG_PUT_TOTAL_YESTERDAY_MORNING, Long.toString(stats.putYesterdayMorning()));
        t.put(RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_MORNING, Long.toString(stats.putTodayMorning()));
        t.put(RuntimeInfoKeys.MSG_PUT_TOTAL_TODAY_NOW, Long.toString(stats.putTotal()));
        t.put(RuntimeInfoKeys.MSG_GET_TOTAL_YESTERDAY_MORNING, Long.toString(stats.getYesterdayMorning()));
        t.put(RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_MORNING, Long.toString(stats.getTodayMorning()));
        t.put(RuntimeInfoKeys.MSG_GET_TOTAL_TODAY_NOW, Long.toString(stats.getTotal()));
        t.put(RuntimeInfoKeys.PUT_TPS, stats.putTps(now));
        t.put(RuntimeInfoKeys.GET_TRANSFERRED_TPS, stats.getTps(now));
        long nowNanos = clock.nanos();
        t.put(RuntimeInfoKeys.SEND_THREAD_POOL_QUEUE_SIZE, Integer.toString(pools.send().queued()));
        t.put("sendThreadPoolQueueCapacity", Integer.toString(pools.send().queueCapacity()));
        t.put(RuntimeInfoKeys.PULL_THREAD_POOL_QUEUE_SIZE, Integer.toString(pools.pull().queued()));
        t.put("pullThreadPoolQueueCapacity", Integer.toString(pools.pull().queueCapacity()));
        t.put("litePullThreadPoolQueueSize", Integer.toString(pools.litePull().queued()));
        t.put("litePullThreadPoolQueueCapacity", Integer.toString(pools.litePull().queueCapacity()));
        t.put("queryThreadPoolQueueSize", Integer.toString(pools.query().queued()));
        t.put("queryThreadPoolQueueCapacity", Integer.toString(pools.query().queueCapacity()));
        t.put(RuntimeInfoKeys.SEND_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS,
            Long.toString(pools.send().headWaitMillis(nowNanos)));
        t.put(RuntimeInfoKeys.PULL_THREAD_POOL_QUEUE_HEAD_WAIT_TIME_MILLS,
            Long.toString(pools.pull().headWaitMillis(nowNanos)));
        t.put("queryThreadPoolQueueHeadWaitTimeMills", Long.toString(pools.query().headWaitMillis(nowNanos)));
        t.put("litePullThreadPoolQueueHeadWaitTimeMills", Long.toString(pools.litePull().headWaitMillis(nowNanos)));
        t.put(RuntimeInfoKeys.PAGE_CACHE_LOCK_TIME_MILLS, Long.toString(store.putLockHeldMillis()));
        t.put(RuntimeInfoKeys.EARLIEST_MESSAGE_TIME_STAMP, Long.toString(s.earliestMessageTime()));
        t.put(RuntimeInfoKeys.COMMIT_LOG_DISK_RATIO, Double.toString(s.diskUsedRatio()));
        t.put("commitLogMinOffset", Long.toString(s.commitLogMinOffset()));
        t.put("commitLogMaxOffset", Long.toString(s.commitLogMaxOffset()));
        t.put("dispatchBehindBytes", Long.toString(s.dispatchLag()));
        t.put("startAcceptSendRequestTimeStamp", Long.toString(startAcceptSendRequestTimeStamp.getAsLong()));
        t.put("commitLogDirCapacity", String.format(Locale.ROOT, "Total : %s, Free : %s.", bytes(storeRoot.getTotalSpace()),
            bytes(storeRoot.getFreeSpace())));
        // The values Apache reports with timerWheelEnable=false; the broker adds the timer's own (TimerRuntimeInfo).
        t.put(RuntimeInfoKeys.TIMER_READ_BEHIND, "0");
        t.put(RuntimeInfoKeys.TIMER_OFFSET_BEHIND, "0");
        t.put(RuntimeInfoKeys.TIMER_CONGEST_NUM, "0");
        t.put(RuntimeInfoKeys.TIMER_ENQUEUE_TPS, "0.0");
        t.put(RuntimeInfoKeys.TIMER_DEQUEUE_TPS, "0.0");
        t.put("petrelHeldPulls", Integer.toString(heldPulls.getAsInt()));
        t.put("petrelDiskFull", Boolean.toString(s.diskFull()));
        // The put pipeline (docs/storage.md): confirmed by the gate, then dispatched, then acknowledged.
        t.put("petrelConfirmedOffset", Long.toString(s.confirmedOffset()));
        t.put("petrelDispatchBehindConfirmedBytes", Long.toString(s.dispatchBehindConfirmed()));
        t.put("petrelPendingAcks", Integer.toString(s.pendingAcks()));
        t.put("petrelAckLatencyP99Micros", Long.toString(s.ackLatencyP99Micros()));
        t.put("petrelAckLatencyMaxMicros", Long.toString(s.ackLatencyMaxMicros()));
        Map<String, java.util.List<SubscriptionConflicts.Conflict>> conflicts = consumers.conflicts();
        t.put("petrelSubscriptionConflicts", conflicts.isEmpty() ? "none" : String.join(" | ",
            conflicts.values().stream().flatMap(java.util.List::stream).map(SubscriptionConflicts.Conflict::describe).toList()));
        return t;
    }

    private static String uptime(long millis) {
        long s = millis / 1000;
        return String.format(Locale.ROOT, "[ %d days, %d hours, %d minutes, %d seconds ]", s / 86_400, s / 3600 % 24,
            s / 60 % 60, s % 60);
    }

    private static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        int exp = (int) (Math.log(n) / Math.log(1024));
        return String.format(Locale.ROOT, "%.1f %siB", n / Math.pow(1024, exp), "KMGTPE".charAt(exp - 1));
    }
}
