package dev.petrel.client.internal.producer;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * Chooses the queue of each send attempt (flows.md §3): round robin per sending thread and topic, skipping the broker
 * the previous attempt failed on; with the fault-latency mechanism on, brokers still in their not-available time are
 * skipped first, then unreachable ones, and only if nothing is left any queue is taken.
 *
 * <p>Thread-safe: positions are per thread.
 */
public final class QueuePicker {

    private final LatencyFaultTable faults;
    private final boolean latencyFaultEnabled;
    private final ThreadLocal<Map<String, int[]>> positions = ThreadLocal.withInitial(ConcurrentHashMap::new);

    public QueuePicker(LatencyFaultTable faults, boolean latencyFaultEnabled) {
        this.faults = faults;
        this.latencyFaultEnabled = latencyFaultEnabled;
    }

    public boolean latencyFaultEnabled() {
        return latencyFaultEnabled;
    }

    /**
     * @param lastBroker the broker of the previous failed attempt of this send, or null
     * @param retry      whether this is a retry (the position is reset, as RocketMQ does with fault latency on)
     */
    public MessageQueue pick(PublishQueues publish, String lastBroker, boolean retry) {
        int[] position = positions.get().computeIfAbsent(publish.topic(), t -> new int[] {PublishQueues.randomStart()});
        Predicate<MessageQueue> notLast = mq -> lastBroker == null || !mq.brokerName().equals(lastBroker);
        MessageQueue mq;
        if (latencyFaultEnabled) {
            if (retry) {
                position[0] = PublishQueues.randomStart();
            }
            mq = publish.select(position, List.of(notLast, q -> faults.isAvailable(q.brokerName())));
            if (mq != null) {
                return mq;
            }
            mq = publish.select(position, List.of(notLast, q -> faults.isReachable(q.brokerName())));
            if (mq != null) {
                return mq;
            }
        } else {
            mq = publish.select(position, List.of(notLast));
            if (mq != null) {
                return mq;
            }
        }
        return publish.select(position, List.of());
    }

    /** Records an attempt's outcome (a no-op while the mechanism is off). */
    public void record(String broker, long latencyMillis, boolean isolation, boolean reachable) {
        if (latencyFaultEnabled) {
            faults.record(broker, latencyMillis, isolation, reachable);
        }
    }

    /** For tests: sets this thread's position for {@code topic}. */
    void position(String topic, int value) {
        positions.get().put(topic, new int[] {value});
    }
}
