package dev.petrel.client.internal.consumer;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeContext;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.OrderlyMessageListener;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orderly consumption (flows.md §10, without the broker-side locks): one thread at a time per queue (the process
 * queue's orderly lock), batches taken from the oldest cached offset. SUCCESS commits the batch and moves the offset
 * past it; RETRY_LATER puts it back and pauses the queue for {@code suspendMillis}. A thread works on one queue for
 * at most a minute, then yields to the other queues.
 */
public final class OrderlyConsumeService implements ConsumeService {

    private static final Logger LOG = LoggerFactory.getLogger(OrderlyConsumeService.class);
    static final long MAX_CONTINUOUS_MILLIS = 60_000;

    private final OrderlyMessageListener listener;
    private final String group;
    private final int batchSize;
    private final long suspendMillis;
    private final OffsetStore offsets;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private final ThreadPoolExecutor pool;
    private final LongAdder failed = new LongAdder();

    public OrderlyConsumeService(OrderlyMessageListener listener, String group, int threads, int batchSize,
                                 long suspendMillis, OffsetStore offsets, ScheduledExecutorService scheduler, Clock clock) {
        this.listener = listener;
        this.group = group;
        this.batchSize = batchSize;
        this.suspendMillis = suspendMillis;
        this.offsets = offsets;
        this.scheduler = scheduler;
        this.clock = clock;
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            new ClientThreadFactory("petrel-push-" + group + "-consume", true));
    }

    @Override
    public void submit(List<ReceivedMessage> messages, ProcessQueue pq, MessageQueue mq) {
        if (!pool.isShutdown()) {
            pool.execute(() -> drain(pq, mq));
        }
    }

    private void drain(ProcessQueue pq, MessageQueue mq) {
        if (!pq.orderlyLock().tryLock()) {
            return; // another thread drains this queue and will see the new messages
        }
        boolean suspended = false;
        long start = clock.millis();
        try {
            while (!pq.isDropped()) {
                List<ReceivedMessage> batch = pq.take(batchSize);
                if (batch.isEmpty()) {
                    break;
                }
                ConsumeResult result = call(batch, mq);
                pq.consumedAt(clock.millis());
                if (pq.isDropped()) {
                    break;
                }
                if (result == ConsumeResult.SUCCESS) {
                    long next = pq.commit();
                    if (next >= 0) {
                        offsets.update(mq, next, false);
                    }
                } else {
                    failed.add(batch.size());
                    pq.putBack(batch);
                    suspended = true;
                    scheduler.schedule(() -> submit(List.of(), pq, mq), suspendMillis, TimeUnit.MILLISECONDS);
                    break;
                }
                if (clock.millis() - start > MAX_CONTINUOUS_MILLIS) {
                    submit(List.of(), pq, mq);
                    suspended = true;
                    break;
                }
            }
        } finally {
            pq.orderlyLock().unlock();
        }
        // Messages put while this thread was finishing found the lock taken; pick them up.
        if (!suspended && !pq.isDropped() && !pq.isEmpty()) {
            submit(List.of(), pq, mq);
        }
    }

    private ConsumeResult call(List<ReceivedMessage> batch, MessageQueue mq) {
        try {
            ConsumeResult r = listener.consume(batch, new ConsumeContext(mq, group));
            return r == null ? ConsumeResult.RETRY_LATER : r;
        } catch (RuntimeException | Error e) {
            LOG.warn("orderly listener of group {} threw on {}; the queue pauses and retries", group, mq, e);
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
