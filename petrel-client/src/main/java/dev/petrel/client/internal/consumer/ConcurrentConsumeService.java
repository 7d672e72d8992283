package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConcurrentMessageListener;
import dev.petrel.client.consumer.ConsumeContext;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Concurrent consumption (flows.md §11): batches of up to {@code batchSize} messages on a pool of
 * {@code petrel-push-<group>-consume-N} threads. After the listener, consumed messages leave the process queue and
 * the queue's offset moves to the smallest one still cached. Refused messages of a clustering group are sent back to
 * the broker (CONSUMER_SEND_MSG_BACK, with the listener's {@link ConsumeContext#delayLevelWhenNextConsume}) for
 * redelivery through the retry topic; when that fails, a copy is sent to {@code %RETRY%<group>} as a new message
 * ({@link RetrySender}), as the 5.3.1 client does; only when both fail is the message offered again locally after 5 s.
 * Broadcasting consumers drop refused messages.
 */
public final class ConcurrentConsumeService implements ConsumeService {

    private static final Logger LOG = LoggerFactory.getLogger(ConcurrentConsumeService.class);
    static final long LOCAL_RETRY_DELAY_MILLIS = 5_000;
    /** RocketMQ's default for concurrent listeners when maxReconsumeTimes is -1. */
    static final int DEFAULT_MAX_RECONSUME_TIMES = 16;

    private final ConcurrentMessageListener listener;
    private final String group;
    private final MessageModel model;
    private final int batchSize;
    private final int maxReconsumeTimes;
    private final OffsetStore offsets;
    private final ClientInstance instance;
    private final ScheduledExecutorService scheduler;
    private final RetrySender retry;
    private final Clock clock;
    private final ThreadPoolExecutor pool;
    private final LongAdder failed = new LongAdder();

    public ConcurrentConsumeService(ConcurrentMessageListener listener, String group, MessageModel model, int threads,
                                    int batchSize, int maxReconsumeTimes, OffsetStore offsets, ClientInstance instance,
                                    ScheduledExecutorService scheduler, RetrySender retry, Clock clock) {
        this.listener = listener;
        this.group = group;
        this.model = model;
        this.batchSize = batchSize;
        this.maxReconsumeTimes = maxReconsumeTimes < 0 ? DEFAULT_MAX_RECONSUME_TIMES : maxReconsumeTimes;
        this.offsets = offsets;
        this.instance = instance;
        this.scheduler = scheduler;
        this.retry = retry;
        this.clock = clock;
        this.pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            new ClientThreadFactory("petrel-push-" + group + "-consume", true));
    }

    @Override
    public void submit(List<ReceivedMessage> messages, ProcessQueue pq, MessageQueue mq) {
        for (int i = 0; i < messages.size(); i += batchSize) {
            List<ReceivedMessage> batch = List.copyOf(messages.subList(i, Math.min(messages.size(), i + batchSize)));
            execute(() -> consume(batch, pq, mq));
        }
    }

    private void execute(Runnable task) {
        if (!pool.isShutdown()) {
            pool.execute(task);
        }
    }

    private void consume(List<ReceivedMessage> batch, ProcessQueue pq, MessageQueue mq) {
        if (pq.isDropped()) {
            return;
        }
        ConsumeContext context = new ConsumeContext(mq, group);
        ConsumeResult result = call(batch, context);
        pq.consumedAt(clock.millis());
        if (pq.isDropped()) {
            return; // the queue moved on (rebalance, reset); its new owner consumes these again
        }
        List<ReceivedMessage> again = new ArrayList<>();
        if (result != ConsumeResult.SUCCESS) {
            failed.add(batch.size());
            if (model == MessageModel.CLUSTERING) {
                for (ReceivedMessage m : batch) {
                    if (!sendBack(m, context.delayLevelWhenNextConsume()) && !resend(m)) {
                        again.add(m);
                    }
                }
            } else {
                LOG.warn("broadcasting group {} dropped {} messages its listener refused (broadcast messages are not "
                    + "redelivered)", group, batch.size());
            }
        }
        List<ReceivedMessage> done = new ArrayList<>(batch);
        done.removeAll(again);
        long offset = pq.remove(done);
        if (offset >= 0 && !pq.isDropped()) {
            offsets.update(mq, offset, true);
        }
        if (!again.isEmpty()) {
            List<ReceivedMessage> counted = again.stream().map(m -> m.withReconsumeTimes(m.reconsumeTimes() + 1)).toList();
            scheduler.schedule(() -> submit(counted, pq, mq), LOCAL_RETRY_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    private ConsumeResult call(List<ReceivedMessage> batch, ConsumeContext context) {
        MessageQueue mq = context.queue();
        try {
            ConsumeResult r = listener.consume(batch, context);
            return r == null ? ConsumeResult.RETRY_LATER : r;
        } catch (RuntimeException | Error e) {
            LOG.warn("listener of group {} threw on {} messages of {}; they will be redelivered", group, batch.size(), mq, e);
            return ConsumeResult.RETRY_LATER;
        }
    }

    private boolean sendBack(ReceivedMessage m, int delayLevel) {
        try {
            String address = instance.routes().masterAddress(m.brokerName());
            if (address == null) {
                address = instance.routes().anyAddress(m.brokerName());
            }
            if (address == null) {
                return false;
            }
            instance.brokers().sendBack(address, m.brokerName(), m.commitLogOffset(), group, delayLevel, m.msgId(),
                m.topic(), maxReconsumeTimes);
            return true;
        } catch (ClientException e) {
            instance.logOnce("send-back of refused messages of group " + group, e);
            return false;
        }
    }

    /** The fallback when send-back failed: a copy to the retry topic as a new message. */
    private boolean resend(ReceivedMessage m) {
        try {
            retry.resend(m, maxReconsumeTimes, m.reconsumeTimes() + 1);
            return true;
        } catch (ClientException e) {
            instance.logOnce("re-sending refused messages of group " + group + " to its retry topic", e);
            return false;
        }
    }

    @Override
    public ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message) {
        long start = clock.millis();
        try {
            ConsumeResult r = listener.consume(List.of(message), new ConsumeContext(message.queue(), group));
            CMResult cm = r == null ? CMResult.CR_RETURN_NULL : r == ConsumeResult.SUCCESS ? CMResult.CR_SUCCESS
                : CMResult.CR_LATER;
            return ConsumeService.direct(false, cm, null, clock.millis() - start);
        } catch (RuntimeException e) {
            return ConsumeService.direct(false, CMResult.CR_THROW_EXCEPTION, e.toString(), clock.millis() - start);
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
        return false;
    }

    @Override
    public long failedMessages() {
        return failed.sum();
    }
}
