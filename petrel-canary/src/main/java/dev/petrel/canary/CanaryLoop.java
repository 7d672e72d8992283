package dev.petrel.canary;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The canary's thread, {@code petrel-canary}: per watched queue it keeps one send and one pull in flight at most,
 * feeds every answer to the {@link CanaryLedger}, applies the grace period, and publishes a {@link CanaryReport}
 * every {@value #REPORT_MILLIS} ms (and logs the summary line when it is due).
 *
 * <p>Threads: this loop is the only writer of the ledger and of every {@link QueueState}. Sends and pulls complete on
 * client threads, which only {@link #submit} an event; the loop runs the events in arrival order. The report is
 * published through a volatile field.
 */
final class CanaryLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(CanaryLoop.class);
    static final long REPORT_MILLIS = 100;
    /** The longest park: a closed pull gate and the grace period are looked at this often. */
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(REPORT_MILLIS);
    /** Failed sends and pulls wait at least this long before the next try (a broker that is down). */
    private static final long MIN_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    /**
     * After a pull that found nothing: a broker holds a pull until a message arrives (long polling), so this is after
     * its hold ended; one that does not hold would otherwise be asked again at network speed.
     */
    private static final long IDLE_PULL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final int MAX_DISTINCT_WARNINGS = 64;

    /** What the loop knows of one queue besides its ledger. */
    private static final class QueueState {
        final MessageQueue queue;
        final QueueLedger ledger;
        final long startOffset;
        long nextOffset;
        long offsetResets;
        boolean sendInFlight;
        boolean pullInFlight;
        long attemptStartedAt;
        long nextSendAt;
        long nextPullAt;

        QueueState(MessageQueue queue, QueueLedger ledger, long startOffset, long now) {
            this.queue = queue;
            this.ledger = ledger;
            this.startOffset = startOffset;
            this.nextOffset = startOffset;
            this.nextSendAt = now;
            this.nextPullAt = now;
        }

        CanaryLedger.QueueIo io() {
            return new CanaryLedger.QueueIo(startOffset, nextOffset, offsetResets, sendInFlight, pullInFlight);
        }
    }

    private final CanaryConfig.Settings settings;
    private final Clock clock;
    private final CanaryTransport transport;
    private final BooleanSupplier mayPull;
    private final Consumer<String> summaries;
    private final CanaryLedger ledger;
    private final long intervalNanos;
    private final long retryNanos;
    private final Map<MessageQueue, QueueState> queues = new TreeMap<>();
    private final ConcurrentLinkedQueue<Runnable> inbox = new ConcurrentLinkedQueue<>();
    private final Set<String> warned = new HashSet<>();
    private volatile CanaryReport report;

    /**
     * @param mayPull   asked before each pull; false holds consumption back (a test playing a slow consumer)
     * @param summaries where the summary line goes every {@code canarySummaryIntervalMs}
     */
    CanaryLoop(CanaryConfig.Settings settings, long runId, Clock clock, CanaryTransport transport,
               BooleanSupplier mayPull, Consumer<String> summaries) {
        super("petrel-canary");
        this.settings = settings;
        this.clock = clock;
        this.transport = transport;
        this.mayPull = mayPull;
        this.summaries = summaries;
        this.ledger = new CanaryLedger(runId, settings.window(), settings.grace().toMillis());
        this.intervalNanos = settings.sendInterval().toNanos();
        this.retryNanos = Math.max(intervalNanos, MIN_RETRY_NANOS);
        this.report = buildReport();
    }

    /** Hands the loop an event to run on its thread; any thread. */
    void submit(Runnable event) {
        inbox.add(event);
        wake();
    }

    /** Starts watching these queues (from discovery's thread). */
    void watch(List<DiscoveryLoop.Target> targets) {
        submit(() -> {
            long now = clock.nanos();
            for (DiscoveryLoop.Target t : targets) {
                queues.computeIfAbsent(t.queue(), q -> new QueueState(q,
                    ledger.queue(q.brokerName(), q.queueId()), t.startOffset(), now));
            }
        });
    }

    CanaryReport report() {
        return report;
    }

    @Override
    public void run() {
        long now = clock.nanos();
        long nextReport = now;
        long summaryNanos = settings.summaryInterval().toNanos();
        long nextSummary = now + summaryNanos;
        while (isRunning()) {
            Runnable event;
            while ((event = inbox.poll()) != null) {
                event.run();
            }
            now = clock.nanos();
            long wait = MAX_PARK_NANOS;
            boolean pullsAllowed = mayPull.getAsBoolean();
            for (QueueState q : queues.values()) {
                if (!q.sendInFlight) {
                    if (q.nextSendAt - now <= 0) {
                        send(q, now);
                    } else {
                        wait = Math.min(wait, q.nextSendAt - now);
                    }
                }
                if (!q.pullInFlight && pullsAllowed) {
                    if (q.nextPullAt - now <= 0) {
                        pull(q);
                    } else {
                        wait = Math.min(wait, q.nextPullAt - now);
                    }
                }
            }
            warnLost(ledger.expire(monotonicMillis()));
            if (now - nextReport >= 0) {
                report = buildReport();
                nextReport = now + TimeUnit.MILLISECONDS.toNanos(REPORT_MILLIS);
            }
            if (summaryNanos > 0 && now - nextSummary >= 0) {
                summaries.accept(SummaryLine.of(report));
                nextSummary = now + summaryNanos;
            }
            if (inbox.isEmpty()) {
                park(Math.max(0, wait));
            }
        }
    }

    /** Stops the loop; its last report is published after the thread ended, so it is complete. */
    void stop() throws InterruptedException {
        stopThread();
        report = buildReport();
    }

    private void send(QueueState q, long now) {
        long sequence = q.ledger.beginAttempt();
        q.sendInFlight = true;
        q.attemptStartedAt = now;
        CompletableFuture<SendResult> result;
        try {
            result = transport.send(CanaryMessage.of(settings.topic(), q.queue.brokerName(), q.queue.queueId(),
                new CanaryMessage.Stamp(ledger.runId(), sequence, clock.millis())), q.queue);
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        result.whenComplete((r, error) -> submit(() -> sent(q, sequence, r, error)));
    }

    private void sent(QueueState q, long sequence, SendResult result, Throwable error) {
        q.sendInFlight = false;
        if (error != null) {
            q.ledger.attemptFailed(sequence);
            q.nextSendAt = clock.nanos() + retryNanos;
            warnOnce("canary: a send to " + q.queue + " failed (retried with the same sequence number): "
                + describe(error));
            return;
        }
        if (result.status() == SendStatus.SEND_OK) {
            q.ledger.acknowledged(sequence, monotonicMillis());
        } else {
            q.ledger.unconfirmed(sequence);
            warnOnce("canary: a send to " + q.queue + " was stored but answered " + result.status()
                + ": not counted as acknowledged");
        }
        q.nextSendAt = q.attemptStartedAt + intervalNanos;
    }

    private void pull(QueueState q) {
        long offset = q.nextOffset;
        q.pullInFlight = true;
        CompletableFuture<PullResult> result;
        try {
            result = transport.pull(q.queue, offset);
        } catch (RuntimeException e) {
            result = CompletableFuture.failedFuture(e);
        }
        result.whenComplete((r, error) -> submit(() -> pulled(q, offset, r, error)));
    }

    private void pulled(QueueState q, long offset, PullResult result, Throwable error) {
        q.pullInFlight = false;
        long now = clock.nanos();
        if (error != null) {
            q.nextPullAt = now + retryNanos;
            warnOnce("canary: a pull of " + q.queue + " failed (tried again): " + describe(error));
            return;
        }
        switch (result.status()) {
            case FOUND -> {
                long millis = clock.millis();
                for (ReceivedMessage m : result.messages()) {
                    ledger.received(q.queue.brokerName(), q.queue.queueId(), CanaryMessage.read(m::property), millis);
                }
            }
            case OFFSET_ILLEGAL -> {
                q.offsetResets++;
                LOG.warn("canary: offset {} of {} is outside the queue [{}, {}): reading on at {} (the queue was cut "
                    + "or moved behind the canary's back)", offset, q.queue, result.minOffset(), result.maxOffset(),
                    result.nextBeginOffset());
            }
            case NO_NEW_MSG, NO_MATCHED_MSG -> {
                // the hold ended without a message: pull again
            }
            default -> throw new IllegalStateException("unexpected pull status " + result.status());
        }
        q.nextOffset = result.nextBeginOffset();
        boolean idle = result.status() == PullStatus.NO_NEW_MSG || result.status() == PullStatus.NO_MATCHED_MSG;
        q.nextPullAt = idle ? now + IDLE_PULL_NANOS : now;
    }

    /** The grace period runs on the monotonic clock: a wall clock set back must not postpone a loss. */
    private long monotonicMillis() {
        return TimeUnit.NANOSECONDS.toMillis(clock.nanos());
    }

    private void warnLost(Map<String, Integer> newlyLost) {
        if (!newlyLost.isEmpty()) {
            LOG.warn("canary: acknowledged (SEND_OK) but not received within {} ms: {} message(s) of topic {} by "
                + "broker/queue", settings.grace().toMillis(), newlyLost, settings.topic());
        }
    }

    /** Logs each distinct warning once (a broker that is down fails every retry the same way). */
    private void warnOnce(String text) {
        if (warned.size() < MAX_DISTINCT_WARNINGS && warned.add(text)) {
            LOG.warn(text);
        }
    }

    private static String describe(Throwable error) {
        Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    private CanaryReport buildReport() {
        return ledger.report(clock.millis(), settings.topic(), (broker, queueId) -> {
            QueueState q = queues.get(new MessageQueue(settings.topic(), broker, queueId));
            return q == null ? CanaryLedger.QueueIo.NONE : q.io();
        });
    }
}
