package dev.petrel.client.internal.consumer;

import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.internal.BrokerCalls;
import dev.petrel.client.internal.RouteTable;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;

/**
 * The first offset of a newly assigned queue (flows.md §9): the stored offset when there is one; otherwise
 * {@link StartPosition#LAST_OFFSET} starts at the queue's end (retry topics at 0), FIRST_OFFSET at 0 (the broker
 * corrects it with PULL_OFFSET_MOVED), TIMESTAMP at the first message stored at or after the start time (retry topics
 * at the end).
 */
public final class StartOffsets {

    private final OffsetStore offsets;
    private final BrokerCalls brokers;
    private final RouteTable routes;
    private final StartPosition position;
    private final long timestampMillis;

    public StartOffsets(OffsetStore offsets, BrokerCalls brokers, RouteTable routes, StartPosition position,
                        long timestampMillis) {
        this.offsets = offsets;
        this.brokers = brokers;
        this.routes = routes;
        this.position = position;
        this.timestampMillis = timestampMillis;
    }

    public long compute(MessageQueue mq) {
        long stored = offsets.readStore(mq);
        if (stored >= 0) {
            return stored;
        }
        boolean retry = mq.topic().startsWith(NameValidator.RETRY_PREFIX);
        return switch (position) {
            case LAST_OFFSET -> retry ? 0 : brokers.maxOffset(address(mq), mq);
            case FIRST_OFFSET -> 0;
            case TIMESTAMP -> retry ? brokers.maxOffset(address(mq), mq)
                : brokers.searchOffset(address(mq), mq, timestampMillis);
        };
    }

    private String address(MessageQueue mq) {
        String address = routes.anyAddress(mq.brokerName());
        if (address == null) {
            throw new dev.petrel.client.ClientException("broker " + mq.brokerName() + " of " + mq + " is not in any route");
        }
        return address;
    }
}
