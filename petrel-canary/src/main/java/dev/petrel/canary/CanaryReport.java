package dev.petrel.canary;

import java.util.Arrays;
import java.util.List;

/**
 * What the canary has seen, at one moment: the snapshot API behind its metrics, its summary line and any page that
 * shows it (a dashboard reads {@link Canary#report()}). Immutable; a new one is published by the canary's thread about
 * every 100 ms, and a last one when it closes.
 *
 * @param atMillis wall-clock time of the snapshot
 * @param topic    the canary topic
 * @param runId    this canary run's id (in every message it sends, {@link CanaryMessage#RUN})
 * @param total    the sum over every queue
 * @param latency  end-to-end latency of every broker
 * @param foreign  messages received that were not this run's (other canaries', or not canary messages)
 * @param brokers  per broker, by name
 */
public record CanaryReport(long atMillis, String topic, long runId, Counts total, Latency latency, long foreign,
                           List<BrokerReport> brokers) {

    public CanaryReport {
        brokers = List.copyOf(brokers);
    }

    /** The broker named {@code name}, or null. */
    public BrokerReport broker(String name) {
        return brokers.stream().filter(b -> b.broker().equals(name)).findFirst().orElse(null);
    }

    /**
     * The counts of one queue, one broker or all.
     *
     * @param sent           sequence numbers sent (each once, however many attempts it took)
     * @param attempts       sends made, retries included
     * @param failedAttempts sends that got no answer or an error (retried with the same sequence number)
     * @param acked          sequence numbers acknowledged with SEND_OK: the ones the canary promises to find
     * @param unconfirmed    sequence numbers answered with another status (FLUSH_DISK_TIMEOUT, ...): stored, durability
     *                       not confirmed; not retried, never counted lost
     * @param received       sequence numbers received (each once)
     * @param pending        acknowledged, not received yet, still within the grace period
     * @param lost           acknowledged and not received within the grace period
     * @param duplicated     receipts of a sequence number already received
     * @param outOfOrder     first receipts of a sequence number lower than the highest already received on its queue
     * @param late           first receipts of a sequence number already counted lost
     * @param unmatched      receipts of this run's messages outside the window of remembered sequence numbers
     */
    public record Counts(long sent, long attempts, long failedAttempts, long acked, long unconfirmed, long received,
                         long pending, long lost, long duplicated, long outOfOrder, long late, long unmatched) {

        public static final Counts ZERO = new Counts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

        public Counts plus(Counts o) {
            return new Counts(sent + o.sent, attempts + o.attempts, failedAttempts + o.failedAttempts, acked + o.acked,
                unconfirmed + o.unconfirmed, received + o.received, pending + o.pending, lost + o.lost,
                duplicated + o.duplicated, outOfOrder + o.outOfOrder, late + o.late, unmatched + o.unmatched);
        }
    }

    /**
     * An end-to-end latency histogram (send time in the message to its first receipt, milliseconds of the wall clock)
     * with the fixed upper bounds {@link #BOUNDS_MILLIS} and a last bucket without bound.
     *
     * @param buckets  count per bucket ({@code BOUNDS_MILLIS.length + 1} of them, not cumulative)
     * @param count    receipts timed
     * @param sumMillis their sum
     * @param maxMillis the largest; 0 when none
     */
    public record Latency(long[] buckets, long count, long sumMillis, long maxMillis) {

        /** Upper bounds in milliseconds: the canary cares about 1 ms and about a minute. */
        public static final double[] BOUNDS_MILLIS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000,
            30_000, 60_000};
        public static final Latency EMPTY = new Latency(new long[BOUNDS_MILLIS.length + 1], 0, 0, 0);

        public Latency {
            if (buckets.length != BOUNDS_MILLIS.length + 1) {
                throw new IllegalArgumentException("a latency has " + (BOUNDS_MILLIS.length + 1) + " buckets, not "
                    + buckets.length);
            }
            buckets = buckets.clone();
        }

        @Override
        public long[] buckets() {
            return buckets.clone();
        }

        /**
         * The {@code q} quantile (0 &lt; q &lt;= 1) as the upper bound of the bucket holding it, never above the
         * largest value seen; 0 when nothing was timed.
         */
        public long percentileMillis(double q) {
            if (count == 0) {
                return 0;
            }
            long rank = (long) Math.ceil(q * count);
            long seen = 0;
            for (int i = 0; i < buckets.length; i++) {
                seen += buckets[i];
                if (seen >= rank) {
                    return i < BOUNDS_MILLIS.length ? Math.min((long) BOUNDS_MILLIS[i], maxMillis) : maxMillis;
                }
            }
            return maxMillis;
        }

        public Latency plus(Latency o) {
            long[] sum = new long[buckets.length];
            for (int i = 0; i < sum.length; i++) {
                sum[i] = buckets[i] + o.buckets[i];
            }
            return new Latency(sum, count + o.count, sumMillis + o.sumMillis, Math.max(maxMillis, o.maxMillis));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Latency l && Arrays.equals(buckets, l.buckets) && count == l.count
                && sumMillis == l.sumMillis && maxMillis == l.maxMillis;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(buckets) * 31 + Long.hashCode(count);
        }

        @Override
        public String toString() {
            return "Latency[count=" + count + ", p50=" + percentileMillis(0.5) + ", p99=" + percentileMillis(0.99)
                + ", max=" + maxMillis + "]";
        }
    }

    /**
     * One broker.
     *
     * @param broker  its broker name
     * @param counts  the sum of its queues
     * @param latency end-to-end latency of its messages
     * @param queues  per queue, by id
     */
    public record BrokerReport(String broker, Counts counts, Latency latency, List<QueueReport> queues) {
        public BrokerReport {
            queues = List.copyOf(queues);
        }

        /** The queue {@code queueId}, or null. */
        public QueueReport queue(int queueId) {
            return queues.stream().filter(q -> q.queueId() == queueId).findFirst().orElse(null);
        }
    }

    /**
     * One queue.
     *
     * @param queueId       its id
     * @param counts        its counts
     * @param nextSequence  the sequence number it sends next (or is retrying)
     * @param startOffset   the queue offset the canary started reading at (the queue's end when it found the queue)
     * @param nextOffset    the queue offset it pulls next: every message in [startOffset, nextOffset) was read once
     * @param offsetResets  pulls answered "offset illegal" (the queue moved under the canary, a store truncated)
     * @param sendInFlight  a send is waiting for its answer
     * @param pullInFlight  a pull is waiting for its answer
     */
    public record QueueReport(int queueId, Counts counts, long nextSequence, long startOffset, long nextOffset,
                              long offsetResets, boolean sendInFlight, boolean pullInFlight) {
    }
}
