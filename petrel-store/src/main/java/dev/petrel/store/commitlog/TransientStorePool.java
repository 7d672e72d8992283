package dev.petrel.store.commitlog;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/**
 * Off-heap write buffers of one CommitLog file each (RocketMQ's transientStorePool). Appends go to a buffer instead
 * of the mapping, and the commit loop copies them to the file with positional writes, keeping page faults of the
 * mapping off the append path. Borrowed by the append path, returned by the commit loop; guarded by its own monitor.
 */
public final class TransientStorePool {

    private final ArrayDeque<ByteBuffer> free = new ArrayDeque<>();

    public TransientStorePool(int count, int bufferSize) {
        for (int i = 0; i < count; i++) {
            free.add(ByteBuffer.allocateDirect(bufferSize));
        }
    }

    /** A buffer, or null when all are in use (the segment is then written through its mapping). */
    public synchronized ByteBuffer borrow() {
        return free.poll();
    }

    public synchronized void giveBack(ByteBuffer buffer) {
        free.add(buffer);
    }

    public synchronized int available() {
        return free.size();
    }
}
