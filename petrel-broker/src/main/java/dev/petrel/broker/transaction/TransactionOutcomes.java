package dev.petrel.broker.transaction;

import dev.petrel.metrics.BucketHistogram;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Transactions decided since the broker started, per real topic: commits, rollbacks and the time from the half
 * message's birth to its decision, in seconds. The sources of RocketMQ's {@code rocketmq_commit_messages_total},
 * {@code rocketmq_rollback_messages_total} and {@code rocketmq_finish_message_latency} (declared in milliseconds,
 * recorded in seconds, as RocketMQ does). Recorded when END_TRANSACTION's decision is stored (any thread); read by a
 * scrape.
 */
public final class TransactionOutcomes {

    /** One topic's figures. */
    public static final class Topic {
        private final LongAdder commits = new LongAdder();
        private final LongAdder rollbacks = new LongAdder();
        private final BucketHistogram finishSeconds = new BucketHistogram(BucketHistogram.FINISH_LATENCY_SECONDS);

        public long commits() {
            return commits.sum();
        }

        public long rollbacks() {
            return rollbacks.sum();
        }

        public BucketHistogram finishSeconds() {
            return finishSeconds;
        }
    }

    private final Map<String, Topic> topics = new ConcurrentHashMap<>();

    /** A decision stored for a half message of {@code topic}, {@code ageMillis} after the half message was born. */
    public void record(String topic, boolean commit, long ageMillis) {
        Topic t = topics.computeIfAbsent(topic, k -> new Topic());
        (commit ? t.commits : t.rollbacks).increment();
        t.finishSeconds.record(Math.max(0, ageMillis) / 1000);
    }

    /** Every topic with a decision, and its figures. */
    public Map<String, Topic> topics() {
        return topics;
    }
}
