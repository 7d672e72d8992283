package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.client.internal.ConsumerMember;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The lite pull consumer's machinery: per assigned queue a chain of async LITE_PULL_MESSAGE pulls (falling back to
 * PULL_MESSAGE on brokers that do not know code 361) filling a shared buffer that {@link #poll} drains. Queues come
 * from {@link #subscribe} (rebalanced like a push consumer, consume type CONSUME_ACTIVELY) or {@link #assign}.
 *
 * <p>Offsets: {@code poll} advances a queue's polled position; a commit (explicit, or automatic from poll every
 * {@code autoCommitIntervalMillis}) copies positions into the offset store and sends them to the brokers, waiting for
 * the answer. Threads: {@code petrel-litepull-<group>-pull} issues pulls; responses arrive on remoting callback
 * threads; poll, seek, pause and commit run on the caller's thread.
 */
public final class LitePullCore implements ConsumerMember {

    static final long DELAY_ON_ERROR_MILLIS = 1_000;
    static final long DELAY_WHEN_PAUSED_MILLIS = 100;

    /** How a lite pull consumer is configured. */
    public record Settings(String group, MessageModel model, StartPosition startPosition, long startTimestamp,
                           AllocateStrategy strategy, int batchSize, FlowControl flow, long brokerSuspendMillis,
                           long timeoutMillis, boolean autoCommit, long autoCommitIntervalMillis,
                           Map<String, String> configDump, java.nio.file.Path localOffsetDir) {
    }

    private enum Mode { NONE, SUBSCRIBE, ASSIGN }

    /** A polled-but-not-consumed slice of one queue. */
    private record Batch(MessageQueue mq, ProcessQueue pq, List<ReceivedMessage> messages) {
    }

    /** The current process queue of an assigned queue (replaced on seek) and whether it is paused. */
    private static final class QueueState {
        volatile ProcessQueue pq;
        volatile boolean paused;

        QueueState(ProcessQueue pq) {
            this.pq = pq;
        }
    }

    private final ClientInstance instance;
    private final Settings settings;
    private final Clock clock;
    private final Subscriptions subscriptions = new Subscriptions();
    private final OffsetStore offsets;
    private final StartOffsets startOffsets;
    private final Rebalancer rebalancer;
    private final Map<MessageQueue, QueueState> queues = new ConcurrentHashMap<>();
    private final Map<MessageQueue, Long> polled = new ConcurrentHashMap<>();
    private final Set<MessageQueue> pausedQueues = ConcurrentHashMap.newKeySet();
    private final Set<String> noLitePull = ConcurrentHashMap.newKeySet();
    private final LinkedBlockingQueue<Batch> ready = new LinkedBlockingQueue<>();
    private final ScheduledExecutorService scheduler;
    private volatile Mode mode = Mode.NONE;
    private volatile long lastAutoCommit;
    private volatile boolean closed;

    public LitePullCore(ClientInstance instance, Settings settings, Clock clock) {
        this.instance = instance;
        this.settings = settings;
        this.clock = clock;
        this.offsets = settings.model() == MessageModel.BROADCASTING
            ? new LocalOffsetStore(settings.localOffsetDir(), instance.clientId(), settings.group())
            : new RemoteOffsetStore(instance, settings.group());
        this.startOffsets = new StartOffsets(offsets, instance.brokers(), instance.routes(), settings.startPosition(),
            settings.startTimestamp());
        this.rebalancer = new Rebalancer(instance, settings.group(), settings.model(), settings.strategy(), subscriptions,
            startOffsets, new Rebalancer.Listener() {
                @Override
                public void added(MessageQueue mq, ProcessQueue pq, long offset) {
                    startQueue(mq, pq, offset);
                }

                @Override
                public void removed(MessageQueue mq, ProcessQueue pq) {
                    stopQueue(mq, true);
                }
            });
        this.scheduler = Executors.newSingleThreadScheduledExecutor(
            new ClientThreadFactory("petrel-litepull-" + settings.group() + "-pull", false));
        this.lastAutoCommit = clock.millis();
    }

    public void start() {
        offsets.load();
        instance.registerConsumer(this);
    }

    // ---- subscribe / assign

    public synchronized void subscribe(String topic, String type, String expression) {
        useMode(Mode.SUBSCRIBE);
        subscriptions.subscribe(topic, type, expression, clock.millis());
        instance.refreshRoute(topic);
        instance.sendHeartbeatToAllBrokers();
        instance.rebalanceNow();
    }

    public synchronized void assign(Collection<MessageQueue> target) {
        useMode(Mode.ASSIGN);
        Set<MessageQueue> wanted = new TreeSet<>(target);
        for (MessageQueue mq : wanted) {
            if (subscriptions.get(mq.topic()) == null) {
                subscriptions.subscribe(mq.topic(), SubscriptionData.TAG, SubscriptionData.SUB_ALL, clock.millis());
                instance.route(mq.topic());
            }
        }
        for (MessageQueue mq : List.copyOf(queues.keySet())) {
            if (!wanted.contains(mq)) {
                stopQueue(mq, true);
            }
        }
        for (MessageQueue mq : wanted) {
            if (!queues.containsKey(mq)) {
                startQueue(mq, new ProcessQueue(), startOffsets.compute(mq));
            }
        }
    }

    private void useMode(Mode wanted) {
        if (mode != Mode.NONE && mode != wanted) {
            throw new IllegalStateException("this consumer already uses " + mode.name().toLowerCase()
                + " mode; subscribe and assign cannot be mixed");
        }
        mode = wanted;
    }

    private void startQueue(MessageQueue mq, ProcessQueue pq, long offset) {
        QueueState state = new QueueState(pq);
        state.paused = pausedQueues.contains(mq);
        queues.put(mq, state);
        polled.put(mq, offset);
        schedule(mq, pq, offset, 0);
    }

    private void stopQueue(MessageQueue mq, boolean commit) {
        QueueState state = queues.remove(mq);
        if (state != null) {
            state.pq.drop();
            if (commit) {
                commitQueue(mq);
            }
        }
        polled.remove(mq);
        offsets.remove(mq);
    }

    public Set<MessageQueue> assignment() {
        return new TreeSet<>(queues.keySet());
    }

    // ---- poll

    public List<ReceivedMessage> poll(long timeoutMillis) {
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try {
            while (true) {
                long left = deadline - clock.nanos();
                Batch b = left <= 0 ? ready.poll() : ready.poll(left, TimeUnit.NANOSECONDS);
                if (b == null) {
                    maybeAutoCommit();
                    return List.of();
                }
                QueueState state = queues.get(b.mq());
                if (state == null || state.pq != b.pq() || b.pq().isDropped()) {
                    continue; // the queue was seeked, reassigned or dropped since this was fetched
                }
                long next = b.pq().remove(b.messages());
                if (next >= 0) {
                    polled.put(b.mq(), next);
                }
                maybeAutoCommit();
                return b.messages();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }

    private void maybeAutoCommit() {
        if (settings.autoCommit() && clock.millis() - lastAutoCommit >= settings.autoCommitIntervalMillis()) {
            lastAutoCommit = clock.millis();
            commitAll();
        }
    }

    // ---- seek, pause

    public void seek(MessageQueue mq, long offset) {
        QueueState state = requireAssigned(mq);
        String address = brokerAddress(mq);
        long min = instance.brokers().minOffset(address, mq);
        long max = instance.brokers().maxOffset(address, mq);
        if (offset < min || offset > max) {
            throw new IllegalArgumentException("cannot seek " + mq + " to " + offset + ": the queue holds offsets " + min
                + " to " + max);
        }
        synchronized (this) {
            ProcessQueue fresh = new ProcessQueue();
            state.pq.drop();
            state.pq = fresh;
            polled.put(mq, offset);
            schedule(mq, fresh, offset, 0);
        }
    }

    public long minOffset(MessageQueue mq) {
        return instance.brokers().minOffset(brokerAddress(mq), mq);
    }

    public long maxOffset(MessageQueue mq) {
        return instance.brokers().maxOffset(brokerAddress(mq), mq);
    }

    public void pause(Collection<MessageQueue> mqs) {
        for (MessageQueue mq : mqs) {
            pausedQueues.add(mq);
            QueueState s = queues.get(mq);
            if (s != null) {
                s.paused = true;
            }
        }
    }

    public void resume(Collection<MessageQueue> mqs) {
        for (MessageQueue mq : mqs) {
            pausedQueues.remove(mq);
            QueueState s = queues.get(mq);
            if (s != null) {
                s.paused = false;
            }
        }
    }

    private QueueState requireAssigned(MessageQueue mq) {
        QueueState state = queues.get(mq);
        if (state == null) {
            throw new IllegalStateException(mq + " is not assigned to this consumer; assigned: " + assignment());
        }
        return state;
    }

    private String brokerAddress(MessageQueue mq) {
        String address = instance.routes().anyAddress(mq.brokerName());
        if (address == null) {
            instance.refreshRoute(mq.topic());
            address = instance.routes().anyAddress(mq.brokerName());
        }
        if (address == null) {
            throw new ClientException("broker " + mq.brokerName() + " of " + mq + " is in no route");
        }
        return address;
    }

    // ---- commit

    /** Commits every assigned queue's polled position and waits for the brokers. */
    public void commitAll() {
        for (MessageQueue mq : assignment()) {
            commitQueue(mq);
        }
    }

    public void commit(Map<MessageQueue, Long> target) {
        target.forEach((mq, off) -> {
            offsets.update(mq, off, false);
            offsets.persistSync(mq);
        });
    }

    private void commitQueue(MessageQueue mq) {
        Long position = polled.get(mq);
        if (position == null || position < 0) {
            return;
        }
        offsets.update(mq, position, false);
        try {
            offsets.persistSync(mq);
        } catch (RuntimeException e) {
            instance.logOnce("offset commit of " + mq, e);
        }
    }

    /** The offset stored for the group (broker or file), without changing anything local. */
    public long committed(MessageQueue mq) {
        return offsets.peekStore(mq);
    }

    public long position(MessageQueue mq) {
        return polled.getOrDefault(mq, -1L);
    }

    public Collection<MessageQueue> fetchMessageQueues(String topic) {
        TopicRouteData route = instance.requireRoute(topic);
        return RouteQueues.subscribeQueues(topic, route);
    }

    // ---- pulling

    private void schedule(MessageQueue mq, ProcessQueue pq, long offset, long delayMillis) {
        if (pq.isDropped() || closed) {
            return;
        }
        try {
            scheduler.schedule(() -> pull(mq, pq, offset), delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // closed meanwhile
        }
    }

    private void pull(MessageQueue mq, ProcessQueue pq, long offset) {
        QueueState state = queues.get(mq);
        if (pq.isDropped() || state == null || state.pq != pq) {
            return;
        }
        if (state.paused) {
            schedule(mq, pq, offset, DELAY_WHEN_PAUSED_MILLIS);
            return;
        }
        if (settings.flow().check(pq.cachedCount(), pq.cachedBytes(), 0) != FlowControl.Decision.PULL) {
            schedule(mq, pq, offset, FlowControl.DELAY_MILLIS);
            return;
        }
        SubscriptionData sub = subscriptions.get(mq.topic());
        String address = instance.routes().anyAddress(mq.brokerName());
        if (sub == null || address == null) {
            schedule(mq, pq, offset, DELAY_ON_ERROR_MILLIS);
            return;
        }
        boolean lite = !noLitePull.contains(address);
        int sysFlag = PullSysFlag.SUSPEND | PullSysFlag.SUBSCRIPTION | (lite ? PullSysFlag.LITE_PULL : 0);
        RemotingCommand request = PullRequests.build(lite ? RequestCode.LITE_PULL_MESSAGE : RequestCode.PULL_MESSAGE,
            settings.group(), mq, offset, settings.batchSize(), sysFlag, 0, settings.brokerSuspendMillis(), sub, null);
        instance.remote().callAsync(address, request, settings.timeoutMillis(), "pull of " + mq)
            .whenComplete((response, error) -> {
                if (error != null) {
                    if (closed || pq.isDropped()) {
                        return; // the consumer is closing: its connections go away with it
                    }
                    instance.logOnce("pull of " + mq, error instanceof Exception e ? e : new RuntimeException(error));
                    schedule(mq, pq, offset, DELAY_ON_ERROR_MILLIS);
                    return;
                }
                if (lite && response.code() == ResponseCode.REQUEST_CODE_NOT_SUPPORTED) {
                    noLitePull.add(address);
                    schedule(mq, pq, offset, 0);
                    return;
                }
                try {
                    handle(mq, pq, PullResponseReader.read(response, mq, sub, address).result());
                } catch (RuntimeException e) {
                    instance.logOnce("pull of " + mq, e);
                    schedule(mq, pq, offset, DELAY_ON_ERROR_MILLIS);
                }
            });
    }

    private void handle(MessageQueue mq, ProcessQueue pq, PullResult r) {
        if (pq.isDropped()) {
            return;
        }
        if (!r.messages().isEmpty()) {
            pq.put(r.messages());
            ready.add(new Batch(mq, pq, r.messages()));
        }
        schedule(mq, pq, r.nextBeginOffset(), 0);
    }

    // ---- lifecycle

    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        scheduler.shutdownNow();
        try {
            if (settings.autoCommit()) {
                commitAll();
            }
            rebalancer.dropAll();
            queues.values().forEach(s -> s.pq.drop());
        } finally {
            instance.unregisterConsumer(settings.group());
        }
    }

    // ---- ConsumerMember

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public Set<String> topics() {
        return subscriptions.topics();
    }

    @Override
    public void routeChanged(String topic, TopicRouteData route) {
    }

    @Override
    public ConsumerData consumerData() {
        return new ConsumerData(settings.startPosition().wire(), ConsumeType.CONSUME_ACTIVELY, settings.group(),
            settings.model(), mode == Mode.SUBSCRIBE ? subscriptions.all() : Set.of(), false);
    }

    @Override
    public void rebalance() {
        if (mode == Mode.SUBSCRIBE && !closed) {
            rebalancer.rebalance();
        }
    }

    @Override
    public void persistOffsets() {
        if (!closed) {
            offsets.persistAll(assignment());
        }
    }

    @Override
    public ConsumerRunningInfo runningInfo() {
        Map<MessageQueue, ProcessQueueInfo> mqTable = new TreeMap<>();
        queues.forEach((mq, s) -> mqTable.put(mq, s.pq.info(position(mq))));
        Map<String, String> properties = new LinkedHashMap<>(settings.configDump());
        properties.put(ConsumerRunningInfo.PROP_NAMESERVER_ADDR, String.join(";", instance.nameServerAddresses()));
        properties.put(ConsumerRunningInfo.PROP_CONSUME_TYPE, ConsumeType.CONSUME_ACTIVELY.name());
        properties.put(ConsumerRunningInfo.PROP_CLIENT_VERSION, "V5_3_1");
        return new ConsumerRunningInfo(null, Map.of(), mqTable, properties, Map.of(), subscriptions.all(), Map.of());
    }

    @Override
    public Map<MessageQueue, Long> offsets(String topic) {
        Map<MessageQueue, Long> out = new TreeMap<>();
        polled.forEach((mq, off) -> {
            if (mq.topic().equals(topic)) {
                out.put(mq, off);
            }
        });
        return out;
    }

    @Override
    public void resetOffsets(String topic, Map<MessageQueue, Long> target) {
        List<MessageQueue> mine = new ArrayList<>(target.keySet());
        mine.retainAll(queues.keySet());
        for (MessageQueue mq : mine) {
            seek(mq, target.get(mq));
        }
    }

    @Override
    public ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message) {
        return ConsumeService.direct(false, CMResult.CR_THROW_EXCEPTION,
            "a lite pull consumer has no listener to consume a message directly", 0);
    }
}
