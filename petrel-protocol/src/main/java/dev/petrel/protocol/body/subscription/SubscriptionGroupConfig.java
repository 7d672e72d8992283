package dev.petrel.protocol.body.subscription;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;
import java.util.Set;

/**
 * A consumer group's configuration on a broker: UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200) body,
 * GET_SUBSCRIPTIONGROUP_CONFIG (352) response, entries of {@code subscriptionGroup.json}. Properties absent from the
 * input take RocketMQ's defaults ({@link #DEFAULTS}, json-bodies.md §10), so files written by older versions read
 * correctly.
 *
 * @param attributes                     group attributes
 * @param brokerId                       broker id to consume from (0 = master)
 * @param consumeBroadcastEnable         broadcasting allowed
 * @param consumeEnable                  consumption allowed
 * @param consumeFromMinEnable           a new group starts from the min offset
 * @param consumeMessageOrderly          orderly consumption
 * @param consumeTimeoutMinute           consume timeout of POP/orderly
 * @param groupName                      group
 * @param groupRetryPolicy               retry schedule
 * @param groupSysFlag                   group sysFlag
 * @param notifyConsumerIdsChangedEnable send NOTIFY_CONSUMER_IDS_CHANGED on membership changes
 * @param retryMaxTimes                  attempts before the dead-letter queue
 * @param retryQueueNums                 queues of {@code %RETRY%<group>} (0 = messages failing are dropped)
 * @param subscriptionDataSet            declared subscriptions; null (left out) unless set
 * @param whichBrokerWhenConsumeSlowly   broker id to redirect slow consumers to
 */
public record SubscriptionGroupConfig(
    Map<String, String> attributes,
    long brokerId,
    boolean consumeBroadcastEnable,
    boolean consumeEnable,
    boolean consumeFromMinEnable,
    boolean consumeMessageOrderly,
    int consumeTimeoutMinute,
    String groupName,
    GroupRetryPolicy groupRetryPolicy,
    int groupSysFlag,
    boolean notifyConsumerIdsChangedEnable,
    int retryMaxTimes,
    int retryQueueNums,
    Set<SimpleSubscriptionData> subscriptionDataSet,
    long whichBrokerWhenConsumeSlowly) {

    public static final SubscriptionGroupConfig DEFAULTS = new SubscriptionGroupConfig(Map.of(), 0, true, true, true, false,
        15, null, GroupRetryPolicy.DEFAULTS, 0, true, 16, 1, null, 1);
    public static final BodyCodec<SubscriptionGroupConfig> CODEC = BodyCodec.of(SubscriptionGroupConfig.class);

    public SubscriptionGroupConfig {
        attributes = BodyCollections.map(attributes);
        subscriptionDataSet = BodyCollections.setOrNull(subscriptionDataSet);
    }

    /** A group with RocketMQ's defaults. */
    public static SubscriptionGroupConfig of(String groupName) {
        return new SubscriptionGroupConfig(Map.of(), 0, true, true, true, false, 15, groupName, GroupRetryPolicy.DEFAULTS, 0,
            true, 16, 1, null, 1);
    }
}
