package dev.petrel.apachebench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * One run of the driver on the official client. In order: create the topic if asked (DefaultMQAdminExt, as mqadmin
 * updateTopic does) and wait for its route; start the consumer and wait until it owns every queue (e2e: it must see
 * every message of the run); start the sending threads; warm up; measure, printing a line every interval; stop the
 * senders and let async answers arrive; e2e: wait until every message sent has arrived (or the drain time is up).
 * Fill sends until its budget is stored; drain consumes until it has the backlog.
 *
 * <p>Threads: the calling thread drives the phases and reads the meters; send threads and the client's callback and
 * consume threads only record into {@link RunMetrics}.
 */
final class DriverRun {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final long ROUTE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long ASSIGNMENT_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final long INFLIGHT_TIMEOUT_MILLIS = 15_000;
    private static final int PERM_READ = 4;
    private static final long SHUTDOWN_MILLIS = 10_000;

    private final DriverPlan plan;
    private final PrintStream out;
    private final BrokerProcess broker;
    private final long runId = ThreadLocalRandom.current().nextLong() | 1; // 0 means "not a bench body"
    private final RunMetrics metrics = new RunMetrics();
    private final String instance = "apache-bench-" + ProcessHandle.current().pid();
    /** Drain: the broker's CPU time at the first message and at the last of the backlog (consume threads write). */
    private final AtomicLong drainStartCpu = new AtomicLong(-1);
    private final AtomicLong drainEndCpu = new AtomicLong(-1);

    DriverRun(DriverPlan plan, PrintStream out) {
        this.plan = plan;
        this.out = out;
        this.broker = plan.brokerPid() == null ? null : new BrokerProcess(plan.brokerPid(), plan.ticksPerSecond());
    }

    RunResult run() throws Exception {
        int queues = prepareTopic();
        DefaultMQPushConsumer consumer = null;
        DefaultMQProducer producer = null;
        List<SendThread> senders = new ArrayList<>();
        Semaphore inflight = new Semaphore(plan.inflight());
        try {
            if (plan.consumes()) {
                consumer = startConsumer(queues);
            }
            if (plan.workload() == DriverPlan.Workload.DRAIN) {
                return drain();
            }
            producer = startProducer();
            AtomicLong budget = plan.workload() == DriverPlan.Workload.FILL ? new AtomicLong(plan.messages()) : null;
            for (int i = 0; i < plan.threads(); i++) {
                SendThread t = new SendThread("apache-bench-send-" + i, producer, plan, runId, runId * 31 + i, metrics,
                    inflight, budget);
                senders.add(t);
                t.start();
            }
            return plan.workload() == DriverPlan.Workload.FILL ? fill(senders, inflight) : measure(senders, inflight);
        } finally {
            for (SendThread t : senders) {
                t.finish();
            }
            shutdown(producer == null ? null : producer::shutdown, consumer == null ? null : consumer::shutdown);
        }
    }

    /**
     * Shuts the clients down, but waits at most {@link #SHUTDOWN_MILLIS}: a client stuck in its shutdown (it
     * unregisters from every broker, synchronously) must not keep the result from being written; the process exits
     * after it anyway.
     */
    private void shutdown(Runnable... clients) throws InterruptedException {
        Thread t = new Thread(() -> {
            for (Runnable c : clients) {
                if (c != null) {
                    c.run();
                }
            }
        }, "apache-bench-shutdown");
        t.setDaemon(true);
        t.start();
        t.join(SHUTDOWN_MILLIS);
        if (t.isAlive()) {
            println("the clients' shutdown did not finish within " + SHUTDOWN_MILLIS / 1000 + " s; leaving it");
        }
    }

    // ---- setup

    private int prepareTopic() throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(plan.namesrv());
        admin.setInstanceName(instance + "-admin");
        admin.start();
        try {
            int expected = 1;
            if (plan.createTopic()) {
                List<String> masters = masters(admin.examineBrokerClusterInfo());
                TopicConfig config = new TopicConfig(plan.topic(), plan.queues(), plan.queues(), 6); // PERM_READ | WRITE
                for (String master : masters) {
                    admin.createAndUpdateTopicConfig(master, config);
                }
                expected = plan.queues() * masters.size();
                println("created topic " + plan.topic() + " with " + plan.queues() + " queues on " + masters.size()
                    + " broker(s)" + (plan.cluster() == null ? "" : " of cluster " + plan.cluster()));
            }
            long deadline = System.nanoTime() + ROUTE_TIMEOUT_NANOS;
            String last = "no answer";
            while (true) {
                try {
                    int queues = readableQueues(admin.examineTopicRouteInfo(plan.topic()));
                    if (queues >= expected) {
                        return queues;
                    }
                    last = queues + " readable queue(s)";
                } catch (Exception e) {
                    last = ErrorKinds.kind(e);
                }
                if (System.nanoTime() > deadline) {
                    throw new DriverFailure("topic " + plan.topic() + " has no route with " + expected
                        + " queue(s) from " + plan.namesrv() + " after 30 s: " + last);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } finally {
            admin.shutdown();
        }
    }

    private List<String> masters(ClusterInfo info) {
        Map<String, Set<String>> clusters = info.getClusterAddrTable();
        String cluster = plan.cluster();
        if (cluster == null) {
            if (clusters == null || clusters.size() != 1) {
                throw new DriverFailure("--cluster: the NameServer " + plan.namesrv() + " knows clusters "
                    + (clusters == null ? "{}" : clusters.keySet()) + "; name the one to create the topic on");
            }
            cluster = clusters.keySet().iterator().next();
        }
        Set<String> names = clusters == null ? null : clusters.get(cluster);
        List<String> masters = new ArrayList<>();
        if (names != null) {
            for (String name : names) {
                BrokerData data = info.getBrokerAddrTable().get(name);
                String addr = data == null ? null : data.getBrokerAddrs().get(0L); // MixAll.MASTER_ID
                if (addr != null) {
                    masters.add(addr);
                }
            }
        }
        if (masters.isEmpty()) {
            throw new DriverFailure("cluster " + cluster + " has no master registered with " + plan.namesrv());
        }
        return masters;
    }

    private static int readableQueues(TopicRouteData route) {
        int sum = 0;
        for (QueueData q : route.getQueueDatas()) {
            if ((q.getPerm() & PERM_READ) != 0) {
                sum += q.getReadQueueNums();
            }
        }
        return sum;
    }

    private DefaultMQProducer startProducer() throws MQClientException {
        DefaultMQProducer producer = new DefaultMQProducer("apache-bench-producer");
        producer.setNamesrvAddr(plan.namesrv());
        producer.setInstanceName(instance);
        producer.setSendMsgTimeout(plan.sendTimeoutMillis());
        producer.setCompressMsgBodyOverHowmuch(Integer.MAX_VALUE); // the broker stores --size bytes per message
        producer.start();
        producer.fetchPublishMessageQueues(plan.topic()); // the route now, not in the first measured send
        // The connection to the broker now too (a heartbeat is a sync request): the 5.3.1 client sends a oneway to a
        // broker it is not connected to yet from a listener on the connect future, so a flood of oneways queues as
        // listeners that then run on the Netty selector thread, where each waits for a oneway permit that only the
        // selector thread itself can release (seen in the trial: the selector blocked in Semaphore.tryAcquire, 3 s per
        // queued send, the driver hung at shutdown).
        producer.getDefaultMQProducerImpl().getMqClientFactory().sendHeartbeatToAllBrokerWithLock();
        return producer;
    }

    private DefaultMQPushConsumer startConsumer(int queues) throws MQClientException {
        String group = plan.group() != null ? plan.group()
            : "apache-bench-" + plan.workload().name().toLowerCase(java.util.Locale.ROOT) + "-" + Long.toHexString(runId);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(plan.namesrv());
        consumer.setInstanceName(instance);
        consumer.subscribe(plan.topic(), "*");
        consumer.setConsumeFromWhere(plan.workload() == DriverPlan.Workload.DRAIN
            ? ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET : ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumer.setConsumeThreadMin(plan.consumeThreads());
        consumer.setConsumeThreadMax(plan.consumeThreads());
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            received(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        if (plan.workload() == DriverPlan.Workload.E2E) {
            // it must own every queue before the first send, or it would miss messages of its own run
            if (!await(ASSIGNMENT_TIMEOUT_NANOS, () -> assigned(consumer) >= queues)) {
                consumer.shutdown();
                throw new DriverFailure("consumer group " + group + " was given " + assigned(consumer) + " of the "
                    + queues + " queue(s) within 60 s");
            }
        }
        return consumer;
    }

    private static int assigned(DefaultMQPushConsumer consumer) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().size();
    }

    /** The listener, on the client's consume threads. */
    private void received(List<MessageExt> messages) {
        long nowNanos = System.nanoTime();
        long nowMillis = System.currentTimeMillis();
        for (MessageExt m : messages) {
            byte[] body = m.getBody();
            long id = BenchStamp.runId(body);
            if (id == 0 && plan.workload() != DriverPlan.Workload.DRAIN) {
                continue; // not a bench message: not this load's
            }
            long micros = 0;
            if (id == runId) {
                micros = (nowNanos - BenchStamp.sendNanos(body)) / 1_000;
                metrics.recordReceivedOfRun();
            } else if (id != 0) {
                micros = (nowMillis - BenchStamp.sendMillis(body)) * 1_000;
            }
            metrics.received.record(1, body == null ? 0 : body.length, micros);
            long n = metrics.recordReceipt(nowNanos);
            if (broker != null && plan.workload() == DriverPlan.Workload.DRAIN) {
                if (n == 1) {
                    drainStartCpu.set(broker.cpuNanos());
                }
                if (n == plan.messages()) {
                    drainEndCpu.set(broker.cpuNanos());
                }
            }
        }
    }

    // ---- phases

    private RunResult measure(List<SendThread> senders, Semaphore inflight) {
        long start = System.nanoTime();
        long interval = nanos(plan.intervalSeconds());
        long warmupEnd = start + nanos(plan.warmupSeconds());
        long nextReport = start + interval;
        while (System.nanoTime() < warmupEnd) {
            check(senders);
            long now = System.nanoTime();
            if (now >= nextReport) {
                report(now - start, true);
                nextReport += interval;
            }
            LockSupport.parkNanos(Math.max(1, Math.min(nextReport, warmupEnd) - System.nanoTime()));
        }
        if (plan.warmupSeconds() > 0) {
            report(System.nanoTime() - start, true);
        }
        metrics.sent.restart();
        metrics.received.restart();
        metrics.errors.restart();
        long cpuStart = broker == null ? -1 : broker.cpuNanos();
        BrokerProcess.Memory peak = BrokerProcess.Memory.UNKNOWN;
        long measureStart = System.nanoTime();
        long end = measureStart + nanos(plan.durationSeconds());
        nextReport = measureStart + interval;
        long now;
        while ((now = System.nanoTime()) < end) {
            check(senders);
            if (now >= nextReport) {
                report(now - start, false);
                nextReport += interval;
                if (broker != null) {
                    peak = peak.max(broker.memory());
                }
            }
            LockSupport.parkNanos(Math.max(1, Math.min(nextReport, end) - now));
        }
        long measured = now - measureStart;
        long cpuEnd = broker == null ? -1 : broker.cpuNanos();
        if (broker != null) {
            peak = peak.max(broker.memory());
        }
        long sent = metrics.sent.events();
        long bytes = metrics.sent.bytes();
        LatencyHistogram.Snapshot sendLatency = metrics.sent.latency();
        long errors = metrics.errors.total();
        Map<String, Long> kinds = metrics.errors.kinds();
        long receivedInWindow = metrics.received.events();
        long receivedBytes = metrics.received.bytes();
        stopSenders(senders);
        awaitInflight(inflight);
        Long missing = null;
        LatencyHistogram.Snapshot e2e = null;
        if (plan.workload() == DriverPlan.Workload.E2E) {
            long deadline = System.nanoTime() + nanos(plan.drainSeconds());
            await(deadline - System.nanoTime(), () -> metrics.receivedOfRun() >= metrics.sentByRun());
            missing = metrics.sentByRun() - metrics.receivedOfRun();
            e2e = metrics.received.latency(); // with the tail that arrived during the drain
        }
        long cpu = cpuStart < 0 || cpuEnd < 0 ? -1 : cpuEnd - cpuStart;
        return new RunResult(plan, measured, sent, bytes, sendLatency,
            plan.workload() == DriverPlan.Workload.E2E ? receivedInWindow : null,
            plan.workload() == DriverPlan.Workload.E2E ? receivedBytes : null, e2e, missing, errors, kinds,
            broker == null ? null : broker.pid(), cpu, peak);
    }

    private RunResult fill(List<SendThread> senders, Semaphore inflight) throws InterruptedException {
        long start = System.nanoTime();
        long interval = nanos(plan.intervalSeconds());
        long nextReport = start + interval;
        while (senders.stream().anyMatch(Thread::isAlive)) {
            check(senders);
            if (System.nanoTime() >= nextReport) {
                report(System.nanoTime() - start, false);
                nextReport += interval;
            }
            senders.get(0).join(50);
        }
        awaitInflight(inflight);
        long measured = System.nanoTime() - start;
        return new RunResult(plan, measured, metrics.sent.events(), metrics.sent.bytes(), metrics.sent.latency(), null,
            null, null, null, metrics.errors.total(), metrics.errors.kinds(), null, -1, BrokerProcess.Memory.UNKNOWN);
    }

    private RunResult drain() {
        long start = System.nanoTime();
        long interval = nanos(plan.intervalSeconds());
        long deadline = start + nanos(plan.drainSeconds());
        long nextReport = start + interval;
        BrokerProcess.Memory peak = BrokerProcess.Memory.UNKNOWN;
        while (metrics.receivedAll() < plan.messages() && System.nanoTime() < deadline) {
            if (System.nanoTime() >= nextReport) {
                report(System.nanoTime() - start, false);
                nextReport += interval;
                if (broker != null) {
                    peak = peak.max(broker.memory());
                }
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        if (broker != null) {
            peak = peak.max(broker.memory());
        }
        long first = metrics.firstReceiptNanos();
        long received = metrics.receivedAll();
        boolean complete = received >= plan.messages();
        // the span from the first message to the last: the consumer's start-up and first rebalance are not drain
        long span = first == 0 ? 0 : (complete ? metrics.lastReceiptNanos() : System.nanoTime()) - first;
        long cpuEnd = complete ? drainEndCpu.get() : broker == null ? -1 : broker.cpuNanos();
        long cpu = drainStartCpu.get() < 0 || cpuEnd < 0 ? -1 : cpuEnd - drainStartCpu.get();
        Map<String, Long> kinds = metrics.errors.kinds();
        long errors = metrics.errors.total();
        if (!complete) {
            kinds = new java.util.LinkedHashMap<>(kinds);
            kinds.put("drain incomplete: " + received + " of " + plan.messages() + " received in "
                + Math.round(plan.drainSeconds()) + " s", 1L);
            errors++;
        }
        return new RunResult(plan, span, null, null, null, received, metrics.received.bytes(), null, null, errors,
            kinds, broker == null ? null : broker.pid(), cpu, peak);
    }

    // ---- helpers

    private void report(long elapsedNanos, boolean warmup) {
        LoadMeter.Interval s = plan.sends() ? metrics.sent.roll() : null;
        LoadMeter.Interval r = plan.consumes() ? metrics.received.roll() : null;
        println(ProgressLine.interval(elapsedNanos, nanos(plan.intervalSeconds()), warmup, s,
            metrics.errors.rollInterval(), r));
    }

    private static void check(List<SendThread> senders) {
        for (SendThread t : senders) {
            if (t.failure() != null) {
                throw new IllegalStateException("sending thread " + t.getName() + " failed", t.failure());
            }
        }
    }

    private static void stopSenders(List<SendThread> senders) {
        try {
            for (SendThread t : senders) {
                t.finish();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitInflight(Semaphore inflight) {
        if (plan.mode() != DriverPlan.Mode.ASYNC) {
            return;
        }
        try {
            if (inflight.tryAcquire(plan.inflight(), INFLIGHT_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                inflight.release(plan.inflight());
            } else {
                println("async sends still unanswered 15 s after the end: "
                    + (plan.inflight() - inflight.availablePermits()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean await(long timeoutNanos, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
        return true;
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    private void println(String line) {
        out.println(line);
        out.flush();
    }
}
