package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeContext;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.OrderlyMessageListener;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orderly consumption (flows.md §10): one thread at a time per queue (the process queue's orderly lock), batches
 * taken from the oldest cached offset, and, in a clustering group, only while this member holds the queue's broker
 * lock ({@link LockKeeper}; a lapsed lock is taken again before going on). SUCCESS commits the batch and moves the
 * offset past it. RETRY_LATER retries in place: the same messages are offered again, in order, after the queue pauses
 * for {@code suspendCurrentQueueTimeMillis} (1 s, or the listener's {@link ConsumeContext#suspendCurrentQueueTimeMillis}),
 * each with {@code reconsumeTimes} one higher. A message that already failed {@code maxReconsumeTimes} times (unlimited
 * by default) is re-sent to {@code %RETRY%<group>} instead ({@link RetrySender}; the broker moves it to the
 * dead-letter topic, as the group holds queue locks) and the queue moves on. A thread works on one queue for at most a
 * minute, then yields to the other queues.
 */
public final class OrderlyConsumeService implements ConsumeService {

    private static final Logger LOG = LoggerFactory.getLogger(OrderlyConsumeService.class);
    static final long MAX_CONTINUOUS_MILLIS = 60_000;
    /** After a lapsed lock: try to lock again this soon; go on 10 ms after success, 3 s after a refusal (as 5.3.1). */
    static final long RELOCK_DELAY_MILLIS = 100;

    private final OrderlyMessageListener listener;
    private final String group;
    private final int batchSize;
    private final long suspendMillis;
    private final int maxReconsumeTimes;
    private final OffsetStore offsets;
    private final ScheduledExecutorService scheduler;
    private final LockKeeper locks;
    private final RetrySender retry;
    private final Clock clock;
    private final ThreadPoolExecutor pool;
    private final LongAdder failed = new LongAdder();

    /**
     * @param maxReconsumeTimes in-place retries before a message goes to the retry topic; -1 means unlimited
     * @param locks             the group's broker locks ({@link LockKeeper#disabled()} for broadcasting)
     */
    public OrderlyConsumeService(OrderlyMessageListener listener, String group, int threads, int batchSize,
                                 long suspendMillis, int maxReconsumeTimes, OffsetStore offsets,
                                 ScheduledExecutorService scheduler, LockKeeper locks, RetrySender retry, Clock clock) {
        this.listener = listener;
        this.group = group;
        this.batchSize = batchSize;
        this.suspendMillis = suspendMillis;
        this.maxReconsumeTimes = maxReconsumeTimes < 0 ? Integer.MAX_VALUE : maxReconsumeTimes;
        this.offsets = offsets;
        this.scheduler = scheduler;
        this.locks = locks;
        this.retry = retry;
        this.clock = clock;
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            new ClientThreadFactory("petrel-push-" + group + "-consume", true));
    }

    @Override
    public void submit(List<ReceivedMessage> messages, ProcessQueue pq, MessageQueue mq) {
        if (!pool.isShutdown()) {
            try {
                pool.execute(() -> drain(pq, mq));
            } catch (RejectedExecutionException closing) {
                // shutting down
            }
        }
    }

    private void submitLater(ProcessQueue pq, MessageQueue mq, long millis) {
        try {
            scheduler.schedule(() -> submit(List.of(), pq, mq), millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // shutting down
        }
    }

    /**
     * Consumes {@code pq} while holding its orderly lock. A drain that finds the lock taken returns at once, trusting the
     * holder to see its messages; so whatever work on the queue the holder asks for next (a retry after the suspend, a
     * lock attempt, a fresh turn after a minute) is asked for only after the lock is released. Asked for while still
     * held, it could run and give up before the release (a suspend of 10 ms is shorter than a descheduled thread's
     * pause on a busy machine), and the queue would stall with its messages cached.
     */
    private void drain(ProcessQueue pq, MessageQueue mq) {
        if (!pq.orderlyLock().tryLock()) {
            return; // another thread drains this queue and will see the new messages
        }
        Runnable next;
        try {
            next = consumeLocked(pq, mq);
        } finally {
            pq.orderlyLock().unlock();
        }
        if (next != null) {
            next.run();
        } else if (!pq.isDropped() && !pq.isEmpty()) {
            // Messages put while this thread was finishing found the lock taken; pick them up.
            submit(List.of(), pq, mq);
        }
    }

    /**
     * The consume loop, under the queue's orderly lock.
     *
     * @return what to do once the lock is released to go on with the queue later, or null when nothing was planned
     */
    private Runnable consumeLocked(ProcessQueue pq, MessageQueue mq) {
        long start = clock.millis();
        while (!pq.isDropped()) {
            if (!locks.isValid(mq)) {
                LOG.info("group {}: the lock of {} lapsed; locking it again before consuming on", group, mq);
                return () -> locks.lockLater(mq, RELOCK_DELAY_MILLIS, () -> submitLater(pq, mq, 10),
                    () -> submitLater(pq, mq, 3_000));
            }
            List<ReceivedMessage> batch = pq.take(batchSize);
            if (batch.isEmpty()) {
                return null;
            }
            ConsumeContext context = new ConsumeContext(mq, group);
            ConsumeResult result = call(batch, context);
            pq.consumedAt(clock.millis());
            if (pq.isDropped()) {
                return null; // the queue moved to another member, which consumes these again
            }
            if (result != ConsumeResult.SUCCESS) {
                failed.add(batch.size());
                List<ReceivedMessage> again = retryInPlace(batch);
                if (!again.isEmpty()) {
                    pq.putBack(again);
                    long suspend = suspendOf(context);
                    return () -> submitLater(pq, mq, suspend);
                }
            }
            long next = pq.commit();
            if (next >= 0) {
                offsets.update(mq, next, false);
            }
            if (clock.millis() - start > MAX_CONTINUOUS_MILLIS) {
                return () -> submit(List.of(), pq, mq);
            }
        }
        return null;
    }

    /**
     * The messages of a failed batch to offer again (reconsume count + 1); those that already failed the maximum number
     * of times are re-sent to the retry topic instead and count as done, unless that send fails.
     */
    private List<ReceivedMessage> retryInPlace(List<ReceivedMessage> batch) {
        List<ReceivedMessage> again = new ArrayList<>(batch.size());
        for (ReceivedMessage m : batch) {
            if (m.reconsumeTimes() >= maxReconsumeTimes) {
                try {
                    retry.resend(m, maxReconsumeTimes, m.reconsumeTimes());
                    LOG.info("group {}: message {} failed {} times in place; re-sent to its retry topic", group,
                        m.msgId(), m.reconsumeTimes() + 1);
                    continue;
                } catch (ClientException e) {
                    LOG.warn("group {}: re-sending message {} to its retry topic failed ({}); retrying it in place",
                        group, m.msgId(), e.getMessage());
                }
            }
            again.add(m.withReconsumeTimes(m.reconsumeTimes() + 1));
        }
        return again;
    }

    private long suspendOf(ConsumeContext context) {
        long asked = context.suspendCurrentQueueTimeMillis();
        return asked == -1 ? suspendMillis : Math.max(10, Math.min(30_000, asked));
    }

    private ConsumeResult call(List<ReceivedMessage> batch, ConsumeContext context) {
        try {
            ConsumeResult r = listener.consume(batch, context);
            return r == null ? ConsumeResult.RETRY_LATER : r;
        } catch (RuntimeException | Error e) {
            LOG.warn("orderly listener of group {} threw on {}; the queue pauses and retries", group, context.queue(), e);
            return ConsumeResult.RETRY_LATER;
        }
    }

    @Override
    public ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message) {
        long start = clock.millis();
        try {
            ConsumeResult r = listener.consume(List.of(message), new ConsumeContext(message.queue(), group));
            CMResult cm = r == null ? CMResult.CR_RETURN_NULL : r == ConsumeResult.SUCCESS ? CMResult.CR_SUCCESS
                : CMResult.CR_LATER;
            return ConsumeService.direct(true, cm, null, clock.millis() - start);
        } catch (RuntimeException e) {
            return ConsumeService.direct(true, CMResult.CR_THROW_EXCEPTION, e.toString(), clock.millis() - start);
        }
    }

    @Override
    public void shutdown(long awaitMillis) {
        pool.shutdown();
        try {
            if (awaitMillis > 0) {
                pool.awaitTermination(awaitMillis, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public int threads() {
        return pool.getCorePoolSize();
    }

    @Override
    public boolean orderly() {
        return true;
    }

    @Override
    public long failedMessages() {
        return failed.sum();
    }
}
