package dev.petrel.server.bench;

import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One sending thread of a run: builds bench messages ({@link PayloadCodec}) and sends them in the plan's mode until
 * stopped, at its share of the plan's rate if there is one, recording into {@link LoadMetrics}. Async answers are
 * recorded on the client's callback threads.
 *
 * <p>Expected failures (a {@link ClientException}: timeout, busy broker, no route) are counted and the loop goes on;
 * anything else is a bug in Petrel or the tool: the loop ends and keeps it for the run to report.
 */
final class SendLoop extends LoopThread {

    /** How long an async sender waits for a free in-flight slot before it checks whether it should stop. */
    private static final long SLOT_WAIT_MILLIS = 100;

    private final PetrelProducer producer;
    private final BenchPlan.ProducerPlan plan;
    private final String topic;
    private final long runId;
    private final long seed;
    private final Clock clock;
    private final LoadMetrics metrics;
    private final Semaphore inflight;
    private final StoreHostLog hostLog;
    private volatile RuntimeException failure;

    /**
     * @param inflight the run's async in-flight slots (shared by its threads); unused by other modes
     * @param hostLog  told of every acknowledged send's broker ({@code --store-host-log}), or null
     */
    SendLoop(String name, PetrelProducer producer, BenchPlan.ProducerPlan plan, String topic, long runId, long seed,
             Clock clock, LoadMetrics metrics, Semaphore inflight, StoreHostLog hostLog) {
        super(name);
        this.producer = producer;
        this.plan = plan;
        this.topic = topic;
        this.runId = runId;
        this.seed = seed;
        this.clock = clock;
        this.metrics = metrics;
        this.inflight = inflight;
        this.hostLog = hostLog;
    }

    @Override
    public void run() {
        byte[] template = PayloadCodec.template(plan.size(), seed);
        Pacer pacer = plan.periodNanos() > 0 ? new Pacer(plan.periodNanos(), clock.nanos()) : null;
        try {
            while (isRunning()) {
                if (pacer != null) {
                    long wait = pacer.poll(clock.nanos());
                    if (wait > 0) {
                        park(wait);
                        continue;
                    }
                }
                sendOnce(template);
            }
        } catch (RuntimeException e) {
            failure = e;
        }
    }

    private void sendOnce(byte[] template) {
        switch (plan.mode()) {
            case SYNC -> {
                if (plan.batch() == 1) {
                    sendSync(template);
                } else {
                    sendBatch(template);
                }
            }
            case ASYNC -> sendAsync(template);
            case ONEWAY -> sendOneway(template);
        }
    }

    private Message message(byte[] template) {
        return Message.of(topic, PayloadCodec.stamped(template, runId, clock.nanos(), clock.millis()));
    }

    private void sendSync(byte[] template) {
        Message message = message(template);
        long start = clock.nanos();
        try {
            SendResult result = producer.send(message);
            long micros = (clock.nanos() - start) / 1_000;
            sent(1, result.status(), micros, result.offsetMsgId());
        } catch (ClientException e) {
            metrics.errors().record(e);
        }
    }

    private void sendBatch(byte[] template) {
        List<Message> batch = new ArrayList<>(plan.batch());
        for (int i = 0; i < plan.batch(); i++) {
            batch.add(message(template));
        }
        long start = clock.nanos();
        try {
            List<SendResult> results = producer.sendBatch(batch);
            long micros = (clock.nanos() - start) / 1_000;
            SendStatus status = SendStatus.SEND_OK;
            for (SendResult r : results) {
                if (r.status() != SendStatus.SEND_OK) {
                    status = r.status();
                }
            }
            sent(plan.batch(), status, micros, results.isEmpty() ? null : results.get(0).offsetMsgId());
        } catch (ClientException e) {
            metrics.errors().record(e);
        }
    }

    private void sendAsync(byte[] template) {
        try {
            if (!inflight.tryAcquire(SLOT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("sending thread " + name() + " interrupted", e);
        }
        Message message = message(template);
        long start = clock.nanos();
        producer.sendAsync(message).whenComplete((result, error) -> {
            try {
                if (error != null) {
                    metrics.errors().record(error);
                } else {
                    sent(1, result.status(), (clock.nanos() - start) / 1_000, result.offsetMsgId());
                }
            } finally {
                inflight.release();
            }
        });
    }

    private void sendOneway(byte[] template) {
        Message message = message(template);
        long start = clock.nanos();
        try {
            producer.sendOneway(message);
            metrics.sent().record(1, plan.size(), (clock.nanos() - start) / 1_000);
            metrics.recordSentByRun(1);
        } catch (ClientException e) {
            metrics.errors().record(e);
        }
    }

    /** A stored send; a status other than SEND_OK is stored but not as durable as asked, so it counts as an error. */
    private void sent(int messages, SendStatus status, long micros, String offsetMsgId) {
        metrics.recordSentByRun(messages);
        if (status == SendStatus.SEND_OK) {
            metrics.sent().record(messages, (long) messages * plan.size(), micros);
            if (hostLog != null) {
                hostLog.acknowledged(offsetMsgId);
            }
        } else {
            metrics.errors().record("send stored with status " + status);
        }
    }

    /** A failure that ended this loop early (a bug, not a failed send), or null. */
    RuntimeException failure() {
        return failure;
    }

    /** Stops sending and waits for the thread to end (a sync send in progress completes first). */
    void stop() throws InterruptedException {
        stopThread();
    }
}
