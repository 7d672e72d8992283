package dev.petrel.broker.ha;

import dev.petrel.store.MessageStore;
import dev.petrel.store.StoredRecord;

import java.nio.ByteBuffer;

/**
 * Adapts the broker's {@link MessageStore} to the HA connections.
 *
 * <p>The master side ({@link #source}) needs only the store's public reads: {@code readBytes} hands out committed
 * (readable) CommitLog bytes within one file, zero-copy. The slave side (a {@link ReplicaSink} appending
 * already-encoded bytes at a given offset) needs the store seam's replicated append and is not here yet.
 */
public final class StoreReplication {

    private StoreReplication() {
    }

    /**
     * The master's CommitLog as a replication source. Frames are offered up to the store's max offset; bytes not yet
     * committed (the transient store pool's background commit) are not readable, and the connection waits for them.
     *
     * @param fileSize {@code mappedFileSizeCommitLog} of the store
     */
    public static ReplicationSource source(MessageStore store, int fileSize) {
        return new ReplicationSource() {
            @Override
            public int fileSize() {
                return fileSize;
            }

            @Override
            public long minOffset() {
                return store.commitLogMinOffset();
            }

            @Override
            public long maxOffset() {
                return store.commitLogMaxOffset();
            }

            @Override
            public long confirmedOffset() {
                return store.commitLogMaxOffset();
            }

            @Override
            public Slice read(long offset, int length) {
                StoredRecord r = store.readBytes(offset, length);
                if (r == null) {
                    return null;
                }
                return new Slice() {
                    @Override
                    public ByteBuffer buffer() {
                        return r.buffer();
                    }

                    @Override
                    public void release() {
                        r.release();
                    }
                };
            }
        };
    }
}
