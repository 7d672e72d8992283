package dev.petrel.server.bench;

import dev.petrel.client.ClientException;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * One run of the load tool. In order: create the topic if asked and wait for its route; start the consumer and wait
 * until it owns the topic's queues (so it sees every message of the run); start the sending threads; warm up; measure,
 * printing a line every interval; stop the senders and let async answers arrive; for e2e, drain until every message
 * sent has been received (or the drain time is up); return the result.
 *
 * <p>Threads: the calling thread drives the phases and reads every meter; {@link SendLoop} threads and the client's
 * callback and consume threads only record into {@link LoadMetrics}.
 */
final class BenchRun {

    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** How long the consumer may take to be given the topic's queues (its first rebalance). */
    private static final Duration ASSIGNMENT_TIMEOUT = Duration.ofSeconds(30);
    /** How long async sends may still take to be answered once the senders stopped. */
    private static final Duration INFLIGHT_TIMEOUT = Duration.ofSeconds(15);
    static final String PRODUCER_GROUP = "petrel-bench-producer";

    private final BenchPlan plan;
    private final Clock clock;
    private final PrintWriter out;
    private final long runId;
    private final BrokerProbe probe;
    private final LoadMetrics metrics = new LoadMetrics();

    /**
     * @param out   where progress lines go
     * @param runId tells this run's messages from others' (see {@link PayloadCodec}); any random value
     * @param probe the broker process to measure, or null
     */
    BenchRun(BenchPlan plan, Clock clock, PrintWriter out, long runId, BrokerProbe probe) {
        this.plan = plan;
        this.clock = clock;
        this.out = out;
        this.runId = runId;
        this.probe = probe;
    }

    /**
     * @throws BenchFailure   when the topic has no route or the consumer gets no queues in time
     * @throws ClientException when the NameServer or a broker cannot be reached or refuses a setup request
     */
    BenchResult run() {
        Semaphore inflight = new Semaphore(plan.producer() == null ? 1 : plan.producer().inflight());
        List<SendLoop> loops = new ArrayList<>();
        PetrelPushConsumer consumer = null;
        PetrelProducer producer = null;
        try (PetrelAdmin admin = PetrelAdmin.builder().namesrvAddr(plan.namesrvAddr()).build()) {
            int queues = prepareTopic(admin);
            if (plan.consumer() != null) {
                consumer = startConsumer(queues);
            }
            if (plan.producer() != null) {
                producer = startProducer();
                Path hostLogFile = plan.producer().storeHostLog();
                StoreHostLog hostLog = hostLogFile == null ? null : new StoreHostLog(hostLogFile, clock);
                for (int i = 0; i < plan.producer().threads(); i++) {
                    SendLoop loop = new SendLoop("petrel-bench-send-" + i, producer, plan.producer(), plan.topic(),
                        runId, runId * 31 + i, clock, metrics, inflight, hostLog);
                    loops.add(loop);
                    loop.start();
                }
            }
            return measure(loops, inflight);
        } finally {
            stop(loops);
            if (producer != null) {
                producer.close();
            }
            if (consumer != null) {
                consumer.close();
            }
        }
    }

    private int prepareTopic(PetrelAdmin admin) {
        BenchPlan.TopicSetup setup = plan.topicSetup();
        int expected = 1;
        if (setup != null) {
            String cluster = setup.cluster() != null ? setup.cluster() : onlyCluster(admin);
            List<String> masters = admin.masterAddresses(cluster);
            if (masters.isEmpty()) {
                throw new BenchFailure("cluster " + cluster + " has no master broker registered with " + plan.namesrvAddr());
            }
            admin.createTopic(cluster, TopicConfig.of(plan.topic(), setup.queues(), setup.queues(),
                TopicConfig.DEFAULT_PERM));
            expected = setup.queues() * masters.size();
            println("created topic " + plan.topic() + " with " + setup.queues() + " queues on " + masters.size()
                + " broker(s) of cluster " + cluster);
        }
        int[] queues = {0};
        ClientException[] last = {null};
        int wanted = expected;
        await(plan.routeTimeout(), () -> {
            try {
                queues[0] = readableQueues(admin.topicRoute(plan.topic()));
                return queues[0] >= wanted;
            } catch (ClientException e) {
                last[0] = e;
                return false;
            }
        }, () -> "topic " + plan.topic() + " has no route with " + wanted + " queue(s) from " + plan.namesrvAddr()
            + " after " + plan.routeTimeout().toSeconds() + " s"
            + (last[0] == null ? " (it has " + queues[0] + ")" : ": " + last[0].getMessage())
            + (setup == null ? "; create it (--create-topic) or check -n" : ""));
        return queues[0];
    }

    private static int readableQueues(TopicRouteData route) {
        int sum = 0;
        for (QueueData q : route.queueDatas()) {
            if ((q.perm() & 4) != 0) { // PermName.PERM_READ
                sum += q.readQueueNums();
            }
        }
        return sum;
    }

    private String onlyCluster(PetrelAdmin admin) {
        Set<String> clusters = admin.clusterInfo().clusterAddrTable().keySet();
        if (clusters.size() != 1) {
            throw new BenchFailure("--cluster: the NameServer " + plan.namesrvAddr() + " knows "
                + (clusters.isEmpty() ? "no cluster (no broker registered yet)" : "clusters " + clusters)
                + "; name the one to create the topic on");
        }
        return clusters.iterator().next();
    }

    private PetrelPushConsumer startConsumer(int queues) {
        BenchPlan.ConsumerPlan cp = plan.consumer();
        PetrelPushConsumer consumer = PetrelPushConsumer.builder().namesrvAddr(plan.namesrvAddr()).group(cp.group())
            .subscribe(plan.topic(), "*").startFrom(cp.from()).consumeThreads(cp.threads())
            .listener(new ReceiveListener(runId, clock, metrics)).build();
        // e2e: this consumer must own every queue before the first send, or it would miss messages of its own run.
        // consume: other members of the group may share the queues; one is enough to start.
        int wanted = plan.workload() == Workload.E2E ? queues : 1;
        try {
            await(ASSIGNMENT_TIMEOUT, () -> consumer.assignedQueues().size() >= wanted, () -> "consumer group "
                + cp.group() + " was given " + consumer.assignedQueues().size() + " of the " + wanted
                + " queue(s) it needs within " + ASSIGNMENT_TIMEOUT.toSeconds() + " s"
                + (plan.workload() == Workload.E2E ? "; is another member of the group running? use another --group" : ""));
        } catch (BenchFailure e) {
            consumer.close();
            throw e;
        }
        return consumer;
    }

    private PetrelProducer startProducer() {
        PetrelProducer.Builder builder = PetrelProducer.builder().namesrvAddr(plan.namesrvAddr()).group(PRODUCER_GROUP);
        if (!plan.producer().compress()) {
            builder.compressOver(Integer.MAX_VALUE);
        }
        if (!plan.producer().properties().isEmpty()) {
            Properties properties = new Properties();
            properties.putAll(plan.producer().properties());
            builder.properties(properties);
        }
        PetrelProducer producer = builder.build();
        producer.publishQueues(plan.topic()); // fetch the route now, not in the first measured send
        return producer;
    }

    private BenchResult measure(List<SendLoop> loops, Semaphore inflight) {
        long start = clock.nanos();
        RunSchedule schedule = new RunSchedule(start, plan.warmup(), plan.duration(), plan.interval());
        long lastReport = start;
        long cpuStart = -1;
        BrokerProbe.Memory peak = BrokerProbe.Memory.UNKNOWN;
        long now;
        RunSchedule.Step step;
        while ((step = schedule.next(now = clock.nanos())) != RunSchedule.Step.END) {
            checkLoops(loops);
            switch (step) {
                case START_MEASURING -> {
                    if (!plan.warmup().isZero()) {
                        report(now - lastReport, now - start, true); // the warm-up's last (partial) interval
                    }
                    metrics.restart();
                    lastReport = now;
                    cpuStart = probe == null ? -1 : probe.cpuNanos();
                }
                case REPORT -> {
                    report(now - lastReport, now - start, !schedule.measuring());
                    lastReport = now;
                    if (schedule.measuring() && probe != null) {
                        peak = peak.max(probe.memory());
                    }
                }
                case WAIT -> LockSupport.parkNanos(schedule.waitNanos(now));
                default -> throw new IllegalStateException("unexpected step " + step);
            }
        }
        long measureStart = schedule.measureStart();
        long measured = now - measureStart;
        if (now - lastReport >= schedule.intervalNanos() / 2) {
            report(now - lastReport, now - start, false);
        }
        Meter.Reading sent = plan.producer() == null ? null : metrics.sent().total(measured);
        Meter.Reading received = plan.consumer() == null ? null : metrics.received().total(measured);
        long errors = metrics.errors().total();
        Map<String, Long> errorKinds = metrics.errors().kinds();
        long cpu = probe == null ? -1 : probe.cpuNanos() - cpuStart;
        if (probe != null) {
            peak = peak.max(probe.memory());
        }

        stop(loops);
        awaitInflight(inflight);
        Long missing = null;
        BenchResult.Latency e2e = received == null ? null : BenchResult.Latency.of(received.latency());
        if (plan.workload() == Workload.E2E) {
            drain();
            missing = metrics.sentByRun() - metrics.receivedOfRun();
            e2e = BenchResult.Latency.of(metrics.received().total(measured).latency()); // with the drained tail
        }
        return result(measured, sent, received, e2e, missing, errors, errorKinds, cpu, peak);
    }

    private BenchResult result(long measuredNanos, Meter.Reading sent, Meter.Reading received,
                               BenchResult.Latency e2e, Long missing, long errors, Map<String, Long> errorKinds,
                               long cpuNanos, BrokerProbe.Memory peak) {
        BenchPlan.ProducerPlan pp = plan.producer();
        BenchPlan.ConsumerPlan cp = plan.consumer();
        long messages = sent != null ? sent.messages() : received.messages();
        Double cpuMillis = probe == null || cpuNanos < 0 ? null : cpuNanos / 1e6;
        Double cpuPerMessage = cpuMillis == null || messages == 0 ? null : round(cpuNanos / 1e3 / messages, 2);
        return new BenchResult(plan.label(), plan.workload().label(),
            pp == null ? null : pp.mode().label(), pp == null ? null : pp.threads(), pp == null ? null : pp.size(),
            pp == null ? null : pp.batch(), pp == null || pp.mode() != SendMode.ASYNC ? null : pp.inflight(),
            pp == null || pp.rate() == 0 ? null : pp.rate(), cp == null ? null : cp.threads(), plan.topic(),
            round(measuredNanos / 1e9, 3),
            sent == null ? null : sent.messages(), sent == null ? null : round(sent.messagesPerSecond(), 1),
            sent == null ? null : round(sent.mebibytesPerSecond(), 2),
            sent == null ? null : BenchResult.Latency.of(sent.latency()),
            received == null ? null : received.messages(), received == null ? null : round(received.messagesPerSecond(), 1),
            received == null ? null : round(received.mebibytesPerSecond(), 2), e2e, missing, errors, errorKinds,
            probe == null ? null : probe.pid(), cpuMillis == null ? null : round(cpuMillis, 1), cpuPerMessage,
            kb(peak.rssKb()), kb(peak.rssAnonKb()), kb(peak.peakRssKb()));
    }

    private static Long kb(long value) {
        return value < 0 ? null : value;
    }

    private static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    private void report(long intervalNanos, long elapsedNanos, boolean warmup) {
        Meter.Reading sent = plan.producer() == null ? null : metrics.sent().roll(intervalNanos);
        Meter.Reading received = plan.consumer() == null ? null : metrics.received().roll(intervalNanos);
        long errors = metrics.errors().rollInterval();
        println(ProgressFormat.interval(Math.round(elapsedNanos / 1e9), warmup, sent, errors, received));
    }

    private void checkLoops(List<SendLoop> loops) {
        for (SendLoop loop : loops) {
            if (loop.failure() != null) {
                throw new IllegalStateException("sending thread " + loop.name() + " failed", loop.failure());
            }
        }
    }

    private void stop(List<SendLoop> loops) {
        try {
            for (SendLoop loop : loops) {
                loop.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void awaitInflight(Semaphore inflight) {
        if (plan.producer() == null || plan.producer().mode() != SendMode.ASYNC) {
            return;
        }
        int all = plan.producer().inflight();
        try {
            if (inflight.tryAcquire(all, INFLIGHT_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                inflight.release(all);
            } else {
                println("async sends still unanswered " + INFLIGHT_TIMEOUT.toSeconds() + " s after the end: "
                    + (all - inflight.availablePermits()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void drain() {
        long deadline = clock.nanos() + plan.drainTimeout().toNanos();
        while (metrics.receivedOfRun() < metrics.sentByRun() && clock.nanos() < deadline) {
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Polls {@code condition} until it holds; a {@link BenchFailure} with {@code failure}'s text when time is up. */
    private void await(Duration timeout, BooleanSupplier condition, Supplier<String> failure) {
        long deadline = clock.nanos() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (clock.nanos() >= deadline) {
                throw new BenchFailure(failure.get());
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private void println(String line) {
        out.println(line);
        out.flush();
    }
}
