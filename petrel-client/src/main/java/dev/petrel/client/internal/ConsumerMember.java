package dev.petrel.client.internal;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import java.util.Map;

/** A consumer group of a client instance: what heartbeats, rebalancing and the broker's requests need from it. */
public interface ConsumerMember extends ClientMember {

    /** The group as heartbeats describe it (subscriptions included). */
    ConsumerData consumerData();

    /** Runs one rebalance pass (on the instance's rebalance thread). */
    void rebalance();

    /** Commits the offsets of the assigned queues (on the instance's scheduler thread). */
    void persistOffsets();

    /** GET_CONSUMER_RUNNING_INFO. */
    ConsumerRunningInfo runningInfo();

    /** GET_CONSUMER_STATUS_FROM_CLIENT: the consumed offsets of the topic's assigned queues. */
    Map<MessageQueue, Long> offsets(String topic);

    /** RESET_CONSUMER_CLIENT_OFFSET: jump to these offsets. */
    void resetOffsets(String topic, Map<MessageQueue, Long> offsets);

    /** CONSUME_MESSAGE_DIRECTLY: run the listener on one message, outside the normal flow. */
    ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message);
}
