package dev.petrel.broker.ha;

import dev.petrel.store.MessageStore;
import dev.petrel.store.ReplicaAppend;
import dev.petrel.store.StoredRecord;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Adapts the broker's {@link MessageStore} to the HA connections: the master's CommitLog as a
 * {@link ReplicationSource}, the slave's as a {@link ReplicaSink}.
 */
public final class StoreReplication {

    private StoreReplication() {
    }

    /**
     * The master's CommitLog as a replication source. Slaves get every byte written and readable in the page cache
     * ({@code readForReplication}), <b>not</b> capped at the store's confirmed offset: under SYNC_MASTER a record is
     * confirmed only after a slave acknowledged it, so the slave must receive it first. With the transient store
     * pool, bytes not yet committed to the mapped file are not readable, and the connection waits for them.
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
                StoredRecord r = store.readForReplication(offset, length);
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

    /**
     * The slave's CommitLog as the HA client's sink: records split across frames are reassembled
     * ({@link RecordReassembler}) and appended whole with {@code appendRecords}; a refused append closes the
     * connection with the store's reason.
     *
     * @param maxRecordBytes the largest record accepted (see {@link RecordReassembler})
     */
    public static RecordReassembler sink(MessageStore store, int fileSize, int maxRecordBytes) {
        return new RecordReassembler(new RecordReassembler.Target() {
            @Override
            public long maxOffset() {
                return store.commitLogMaxOffset();
            }

            @Override
            public void append(long offset, ByteBuffer records) throws IOException {
                ReplicaAppend r = store.appendRecords(offset, records);
                if (!r.isAppended()) {
                    throw new IOException("the slave's store refused " + records.remaining() + " replicated bytes at "
                        + "CommitLog offset " + offset + ": " + r.status() + " " + r.reason());
                }
            }
        }, fileSize, maxRecordBytes);
    }
}
