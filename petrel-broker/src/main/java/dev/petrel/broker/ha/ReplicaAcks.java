package dev.petrel.broker.ha;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.List;

/**
 * The last offset each connected slave acknowledged (RocketMQ's per-connection {@code slaveAckOffset}), for the
 * SYNC_MASTER gate and for status. A connection that closes is forgotten.
 *
 * <p>Threading: each connection's reader thread writes its own entry; any thread reads. Listeners run on the
 * reader thread that recorded the ack and must not block.
 */
public final class ReplicaAcks {

    private final Map<Object, Long> acked = new ConcurrentHashMap<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** Runs {@code listener} after every ack and every connection change. */
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    /** A slave connection opened; it has acknowledged nothing yet (-1). */
    public void connected(Object connection) {
        acked.put(connection, -1L);
        fire();
    }

    public void acked(Object connection, long offset) {
        acked.computeIfPresent(connection, (c, old) -> offset);
        fire();
    }

    public void disconnected(Object connection) {
        if (acked.remove(connection) != null) {
            fire();
        }
    }

    /** Connections open now. */
    public int connections() {
        return acked.size();
    }

    /** Connections whose last ack is at or beyond {@code offset} (GroupTransferService counts connections). */
    public int ackedAtLeast(long offset) {
        int n = 0;
        for (long a : acked.values()) {
            if (a >= offset) {
                n++;
            }
        }
        return n;
    }

    /** Connections at most {@code maxGap} bytes behind {@code masterMax} (RocketMQ's in-sync test). */
    public int inSync(long masterMax, long maxGap) {
        int n = 0;
        for (long a : acked.values()) {
            if (a >= 0 && masterMax - a <= maxGap) {
                n++;
            }
        }
        return n;
    }

    /** The last ack of every open connection (-1: none yet), a snapshot. */
    public long[] ackOffsets() {
        return acked.values().stream().mapToLong(Long::longValue).toArray();
    }

    /** The highest ack of any open connection (RocketMQ's {@code push2SlaveMaxOffset}), -1 if none. */
    public long maxAcked() {
        long m = -1;
        for (long a : acked.values()) {
            m = Math.max(m, a);
        }
        return m;
    }

    private void fire() {
        for (Runnable r : listeners) {
            r.run();
        }
    }
}
