package dev.petrel.store.checkpoint;

import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The checkpoint: three timestamps saying up to when each kind of file is durable. Writers record values
 * ({@link #setPhysicMsgTimestamp} by the CommitLog flusher, the others by the logic flusher); only
 * {@link #persist()} writes the file, and only the logic-flush loop (or shutdown, after the loops stopped) calls it.
 * Each timestamp has one writer thread and is volatile, so the persisting thread reads the latest value.
 */
public final class Checkpoint {

    private final StoreFile file;
    private volatile long physicMsgTimestamp;
    private volatile long logicsMsgTimestamp;
    private volatile long indexMsgTimestamp;
    private final long masterFlushedOffset;
    private final long confirmPhyOffset;

    private Checkpoint(StoreFile file, CheckpointLayout.CheckpointValues v) {
        this.file = file;
        this.physicMsgTimestamp = v.physicMsgTimestamp();
        this.logicsMsgTimestamp = v.logicsMsgTimestamp();
        this.indexMsgTimestamp = v.indexMsgTimestamp();
        this.masterFlushedOffset = v.masterFlushedOffset();
        this.confirmPhyOffset = v.confirmPhyOffset();
    }

    public static Checkpoint open(Path path, StoreFileFactory factory) throws IOException {
        if (java.nio.file.Files.exists(path) && java.nio.file.Files.size(path) == 0) {
            java.nio.file.Files.delete(path); // a crash while creating it: nothing was ever recorded
        }
        StoreFile f = factory.open(path, CheckpointLayout.FILE_SIZE);
        return new Checkpoint(f, CheckpointLayout.decode(f.buffer()));
    }

    public CheckpointLayout.CheckpointValues values() {
        return new CheckpointLayout.CheckpointValues(physicMsgTimestamp, logicsMsgTimestamp, indexMsgTimestamp,
            masterFlushedOffset, confirmPhyOffset);
    }

    public void setPhysicMsgTimestamp(long t) {
        physicMsgTimestamp = t;
    }

    public void setLogicsMsgTimestamp(long t) {
        logicsMsgTimestamp = t;
    }

    public void setIndexMsgTimestamp(long t) {
        indexMsgTimestamp = t;
    }

    /** Writes the values and forces the page. */
    public void persist() {
        CheckpointLayout.encode(file.buffer(), values());
        file.force(0, CheckpointLayout.FILE_SIZE);
    }

    public void close() {
        file.close();
    }
}
