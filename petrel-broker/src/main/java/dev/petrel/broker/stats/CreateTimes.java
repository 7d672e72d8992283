package dev.petrel.broker.stats;

import dev.petrel.metrics.BucketHistogram;

/**
 * How long topic and subscription-group creations took (UPDATE_AND_CREATE_TOPIC and
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, from the processor's start to its answer), by outcome: the sources of
 * RocketMQ's {@code rocketmq_topic_create_execution_time} ({@code invocation_status}, {@code is_system}) and
 * {@code rocketmq_consumer_group_create_execution_time} ({@code invocation_status}). Any thread records.
 */
public final class CreateTimes {

    private final BucketHistogram[] topics = new BucketHistogram[4]; // [success?2:0 + system?1:0]
    private final BucketHistogram groupSuccess = new BucketHistogram(BucketHistogram.CREATE_TIME_MILLIS);
    private final BucketHistogram groupFailure = new BucketHistogram(BucketHistogram.CREATE_TIME_MILLIS);

    public CreateTimes() {
        for (int i = 0; i < topics.length; i++) {
            topics[i] = new BucketHistogram(BucketHistogram.CREATE_TIME_MILLIS);
        }
    }

    public void recordTopic(boolean success, boolean system, long millis) {
        topic(success, system).record(millis);
    }

    public void recordGroup(boolean success, long millis) {
        group(success).record(millis);
    }

    public BucketHistogram topic(boolean success, boolean system) {
        return topics[(success ? 2 : 0) + (system ? 1 : 0)];
    }

    public BucketHistogram group(boolean success) {
        return success ? groupSuccess : groupFailure;
    }
}
