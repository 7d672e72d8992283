package dev.petrel.apachebench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingException;

/**
 * One sending thread: stamps bench bodies ({@link BenchStamp}) and sends them with the official producer in the
 * plan's mode, at its share of the plan's rate, until stopped or until the shared budget (fill) is spent. A refused
 * or failed send (an Apache client exception) is counted by kind and the loop goes on; a send stored with a status
 * other than SEND_OK counts as an error too (stored, but not as durable as asked).
 */
final class SendThread extends Thread {

    private static final long SLOT_WAIT_MILLIS = 100;

    private final DefaultMQProducer producer;
    private final DriverPlan plan;
    private final long runId;
    private final long seed;
    private final RunMetrics metrics;
    private final Semaphore inflight;
    /** Messages still to send (fill), or null for no limit. */
    private final AtomicLong budget;
    private volatile boolean running = true;
    private volatile Throwable failure;

    SendThread(String name, DefaultMQProducer producer, DriverPlan plan, long runId, long seed, RunMetrics metrics,
               Semaphore inflight, AtomicLong budget) {
        super(name);
        setDaemon(true);
        this.producer = producer;
        this.plan = plan;
        this.runId = runId;
        this.seed = seed;
        this.metrics = metrics;
        this.inflight = inflight;
        this.budget = budget;
    }

    @Override
    public void run() {
        byte[] template = BenchStamp.template(plan.size(), seed);
        long period = plan.periodNanos();
        long next = System.nanoTime();
        try {
            while (running) {
                if (period > 0) {
                    long now = System.nanoTime();
                    if (next - now > 0) {
                        LockSupport.parkNanos(next - now);
                        continue;
                    }
                    // a thread that fell behind (a slow answer) catches up by one period at most: no burst after a stall
                    next = Math.max(next, now - period) + period;
                }
                if (budget != null && budget.getAndDecrement() <= 0) {
                    break;
                }
                sendOnce(template);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    private void sendOnce(byte[] template) throws InterruptedException {
        if (plan.mode() == DriverPlan.Mode.ASYNC) {
            sendAsync(template);
            return;
        }
        List<Message> batch = new ArrayList<>(plan.batch());
        for (int i = 0; i < plan.batch(); i++) {
            batch.add(message(template));
        }
        long start = System.nanoTime();
        try {
            if (plan.mode() == DriverPlan.Mode.ONEWAY) {
                producer.sendOneway(batch.get(0));
                metrics.sent.record(1, plan.size(), (System.nanoTime() - start) / 1_000);
                metrics.recordSentByRun(1);
            } else {
                SendResult result = plan.batch() == 1 ? producer.send(batch.get(0)) : producer.send(batch);
                answered(result, start);
            }
        } catch (MQClientException | RemotingException | MQBrokerException e) {
            failed(e);
        }
    }

    private void sendAsync(byte[] template) throws InterruptedException {
        if (!inflight.tryAcquire(SLOT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
            if (budget != null) {
                budget.incrementAndGet();
            }
            return;
        }
        long start = System.nanoTime();
        try {
            producer.send(message(template), new SendCallback() {
                @Override
                public void onSuccess(SendResult result) {
                    try {
                        answered(result, start);
                    } finally {
                        inflight.release();
                    }
                }

                @Override
                public void onException(Throwable e) {
                    try {
                        failed(e);
                    } finally {
                        inflight.release();
                    }
                }
            }, plan.sendTimeoutMillis());
        } catch (MQClientException | RemotingException e) {
            inflight.release();
            failed(e);
        }
    }

    private Message message(byte[] template) {
        return new Message(plan.topic(), BenchStamp.stamped(template, runId, System.nanoTime(),
            System.currentTimeMillis()));
    }

    private void answered(SendResult result, long startNanos) {
        long micros = (System.nanoTime() - startNanos) / 1_000;
        metrics.recordSentByRun(plan.batch());
        if (result.getSendStatus() == SendStatus.SEND_OK) {
            metrics.sent.record(plan.batch(), (long) plan.batch() * plan.size(), micros);
        } else {
            metrics.errors.record("send stored with status " + result.getSendStatus());
        }
    }

    private void failed(Throwable e) {
        metrics.errors.record(e);
        if (budget != null) {
            budget.addAndGet(plan.batch()); // a backlog counts stored messages: send this one again
        }
    }

    /** A bug that ended this thread early (not a failed send), or null. */
    Throwable failure() {
        return failure;
    }

    /** Stops sending and waits for the thread (a sync send in progress completes first). */
    void finish() throws InterruptedException {
        running = false;
        join();
    }
}
