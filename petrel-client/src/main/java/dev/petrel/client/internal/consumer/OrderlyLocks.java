package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker-side queue locks of an orderly clustering consumer (flows.md §10): a queue is locked on its broker's
 * master before it is pulled; the locks of all owned queues are renewed every 20 s
 * ({@code rocketmq.client.rebalance.lockInterval}) with one LOCK_BATCH_MQ per broker; a lock counts as valid for 30 s
 * after the last successful lock ({@code rocketmq.client.rebalance.lockMaxLiveTime}), well inside the broker's 60 s,
 * so a consumer that cannot renew stops consuming before another member may take the queue over. A queue the broker
 * leaves out of its answer is unlocked at once (another member holds it).
 *
 * <p>Pure state plus broker calls through {@link Calls}; the state is one map slot per queue (immutable values), written
 * by whichever thread locks (rebalance thread, lock thread, consume threads) and read by pull and consume threads.
 * Time comes from the injected clock.
 */
public final class OrderlyLocks {

    private static final Logger LOG = LoggerFactory.getLogger(OrderlyLocks.class);

    /** The broker calls (BrokerCalls in production, a fake in tests). */
    public interface Calls {
        /** LOCK_BATCH_MQ: the queues now held by the client. */
        Set<MessageQueue> lock(String address, LockBatchRequestBody body);

        /** UNLOCK_BATCH_MQ. */
        void unlock(String address, UnlockBatchRequestBody body);
    }

    /** A queue's lock as this client knows it. */
    private record State(boolean locked, long lastLockMillis) {
    }

    private final Calls calls;
    private final Function<String, String> masterAddress;
    private final String group;
    private final String clientId;
    private final Clock clock;
    private final long maxLiveMillis;
    private final Map<MessageQueue, State> states = new ConcurrentHashMap<>();

    /**
     * @param masterAddress broker name → its master's address (null when the route has none)
     */
    public OrderlyLocks(Calls calls, Function<String, String> masterAddress, String group, String clientId, Clock clock,
                        long maxLiveMillis) {
        this.calls = calls;
        this.masterAddress = masterAddress;
        this.group = group;
        this.clientId = clientId;
        this.clock = clock;
        this.maxLiveMillis = maxLiveMillis;
    }

    /** Locks one queue now (a newly assigned queue, or one whose lock lapsed); true when this client holds it. */
    public boolean lock(MessageQueue mq) {
        String address = masterAddress.apply(mq.brokerName());
        if (address == null) {
            return false;
        }
        try {
            Set<MessageQueue> won = calls.lock(address, new LockBatchRequestBody(clientId, group, Set.of(mq), false));
            boolean ok = won.contains(mq);
            if (ok) {
                states.put(mq, new State(true, clock.millis()));
            }
            LOG.debug("group {}: lock of {} {}", group, mq, ok ? "OK" : "refused: another member holds it");
            return ok;
        } catch (ClientException e) {
            LOG.warn("group {}: lock of {} failed: {}", group, mq, e.getMessage());
            return false;
        }
    }

    /**
     * Renews the locks of {@code owned}, one request per broker. Queues in the answer are locked now; queues left out
     * are marked unlocked (consumption of them pauses); on a failed call nothing changes (the locks then lapse after
     * {@code maxLiveMillis} unless a later renewal succeeds).
     */
    public void lockAll(Collection<MessageQueue> owned) {
        for (Map.Entry<String, Set<MessageQueue>> e : byBroker(owned).entrySet()) {
            String address = masterAddress.apply(e.getKey());
            if (address == null) {
                continue;
            }
            try {
                Set<MessageQueue> won = calls.lock(address, new LockBatchRequestBody(clientId, group, e.getValue(), false));
                long now = clock.millis();
                for (MessageQueue mq : e.getValue()) {
                    if (won.contains(mq)) {
                        states.put(mq, new State(true, now));
                    } else {
                        State before = states.put(mq, new State(false, 0));
                        if (before != null && before.locked()) {
                            LOG.warn("group {}: lost the lock of {}; another member holds it", group, mq);
                        }
                    }
                }
            } catch (ClientException ex) {
                LOG.warn("group {}: renewing the locks of {} queues on {} failed: {}", group, e.getValue().size(),
                    e.getKey(), ex.getMessage());
            }
        }
    }

    /** Releases the locks of {@code queues} (one request per broker) and forgets them. */
    public void unlockAll(Collection<MessageQueue> queues) {
        for (Map.Entry<String, Set<MessageQueue>> e : byBroker(queues).entrySet()) {
            e.getValue().forEach(states::remove);
            String address = masterAddress.apply(e.getKey());
            if (address == null) {
                continue;
            }
            try {
                calls.unlock(address, new UnlockBatchRequestBody(clientId, group, e.getValue(), false));
            } catch (ClientException ex) {
                LOG.warn("group {}: unlocking {} failed ({}); the broker releases them after its lock time", group,
                    e.getValue(), ex.getMessage());
            }
        }
    }

    /** Whether this client may consume {@code mq} now: locked, and renewed within the lock's live time. */
    public boolean isValid(MessageQueue mq) {
        State s = states.get(mq);
        return s != null && s.locked() && clock.millis() - s.lastLockMillis() <= maxLiveMillis;
    }

    /** Queues locked by this client as far as it knows (valid or not). */
    public Set<MessageQueue> locked() {
        Set<MessageQueue> out = new TreeSet<>();
        states.forEach((mq, s) -> {
            if (s.locked()) {
                out.add(mq);
            }
        });
        return out;
    }

    private static Map<String, Set<MessageQueue>> byBroker(Collection<MessageQueue> queues) {
        Map<String, Set<MessageQueue>> out = new TreeMap<>();
        for (MessageQueue mq : queues) {
            out.computeIfAbsent(mq.brokerName(), b -> new TreeSet<>()).add(mq);
        }
        return out;
    }
}
