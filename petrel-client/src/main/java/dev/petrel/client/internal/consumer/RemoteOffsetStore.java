package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;
import java.util.Set;

/**
 * Clustering offsets, kept by the brokers: read with QUERY_CONSUMER_OFFSET, committed with UPDATE_CONSUMER_OFFSET to
 * the queue's master (oneway for the periodic commit, as the 5.3.1 client does; waiting for the answer on queue
 * removal and shutdown, so the next owner reads the final offset). Pulls also piggy-back the in-memory offset.
 */
public final class RemoteOffsetStore implements OffsetStore {

    private final ClientInstance instance;
    private final String group;
    private final OffsetTable table = new OffsetTable();

    public RemoteOffsetStore(ClientInstance instance, String group) {
        this.instance = instance;
        this.group = group;
    }

    @Override
    public void load() {
    }

    @Override
    public void update(MessageQueue mq, long offset, boolean increaseOnly) {
        table.update(mq, offset, increaseOnly);
    }

    @Override
    public long readMemory(MessageQueue mq) {
        return table.read(mq);
    }

    @Override
    public long readStore(MessageQueue mq) {
        long offset = instance.brokers().queryOffset(address(mq), mq, group);
        if (offset >= 0) {
            table.update(mq, offset, false);
        }
        return offset;
    }

    @Override
    public void persistAll(Set<MessageQueue> queues) {
        for (Map.Entry<MessageQueue, Long> e : table.snapshot(queues).entrySet()) {
            try {
                instance.brokers().updateOffsetOneway(address(e.getKey()), e.getKey(), group, e.getValue());
            } catch (ClientException ex) {
                instance.logOnce("offset commit of " + e.getKey(), ex);
            }
        }
    }

    @Override
    public void persistSync(MessageQueue mq) {
        long offset = table.read(mq);
        if (offset >= 0) {
            instance.brokers().updateOffsetSync(address(mq), mq, group, offset);
        }
    }

    @Override
    public void remove(MessageQueue mq) {
        table.remove(mq);
    }

    @Override
    public Map<MessageQueue, Long> snapshot(Set<MessageQueue> queues) {
        return table.snapshot(queues);
    }

    /** The queue's master, or any replica when the master is down (offsets may be read from a slave). */
    private String address(MessageQueue mq) {
        String address = instance.routes().anyAddress(mq.brokerName());
        if (address == null) {
            instance.refreshRoute(mq.topic());
            address = instance.routes().anyAddress(mq.brokerName());
        }
        if (address == null) {
            throw new ClientException("broker " + mq.brokerName() + " is in no route known to client "
                + instance.clientId() + "; cannot reach the offsets of " + mq);
        }
        return address;
    }

    @Override
    public long peekStore(MessageQueue mq) {
        return instance.brokers().queryOffset(address(mq), mq, group);
    }
}
