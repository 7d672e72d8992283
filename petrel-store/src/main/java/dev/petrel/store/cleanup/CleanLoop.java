package dev.petrel.store.cleanup;

import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.common.time.Clock;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.index.IndexService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The thread {@code petrel-store-clean}: every {@code cleanResourceInterval} it asks {@link CleanPolicy} what to do,
 * marks the store not writable while the disk is above the warning level, deletes expired CommitLog files (oldest
 * first, never the last, never one not yet dispatched, stopping at the first that must stay), then the ConsumeQueue
 * and index files that point only below the new CommitLog min offset.
 *
 * <p>It is the only thread that deletes leading files; the dispatch thread only appends to the last ones.
 */
public final class CleanLoop extends PeriodicLoop {

    private static final Logger LOG = LoggerFactory.getLogger(CleanLoop.class);

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final CleanPolicy policy;
    private final DiskUsage disk;
    private final Path commitLogDir;
    private final Clock clock;
    private final ZoneId zone;
    private final long reservedMillis;
    private final int batchMax;
    private final LongSupplier dispatchedTo;
    private volatile double lastRatio;
    private volatile boolean diskFull;
    private volatile int manualRuns;

    public CleanLoop(CommitLog commitLog, ConsumeQueueTable queues, IndexService index, CleanPolicy policy, DiskUsage disk,
                     Path commitLogDir, Clock clock, ZoneId zone, int fileReservedHours, int batchMax, int intervalMillis,
                     LongSupplier dispatchedTo) {
        super("petrel-store-clean", intervalMillis);
        this.commitLog = commitLog;
        this.queues = queues;
        this.index = index;
        this.policy = policy;
        this.disk = disk;
        this.commitLogDir = commitLogDir;
        this.clock = clock;
        this.zone = zone;
        this.reservedMillis = TimeUnit.HOURS.toMillis(fileReservedHours);
        this.batchMax = batchMax;
        this.dispatchedTo = dispatchedTo;
    }

    @Override
    protected void tick() {
        runOnce();
    }

    /** Asks for deletion of expired files at the next run(s), whatever the hour (admin "deleteExpiredCommitLog"). */
    public void requestManualClean() {
        manualRuns = 20;
    }

    /** One run; returns the number of CommitLog files deleted. */
    public int runOnce() {
        long now = clock.millis();
        double ratio = disk.usedRatio(commitLogDir);
        lastRatio = ratio;
        int hour = Instant.ofEpochMilli(now).atZone(zone).getHour();
        boolean manual = manualRuns > 0;
        if (manual) {
            manualRuns--;
        }
        CleanPolicy.Decision d = policy.decide(hour, ratio, manual);
        if (d.diskFull() != diskFull) {
            diskFull = d.diskFull();
            if (diskFull) {
                LOG.warn("store not writable: {}", d.reason());
            } else {
                LOG.info("disk use back to {}%; store writable again", Math.round(ratio * 100));
            }
        }
        commitLog.setNotWritable(d.diskFull() ? d.reason() : null);
        int deleted = 0;
        if (d.deleteExpired()) {
            long dispatched = dispatchedTo.getAsLong();
            deleted = commitLog.log().deleteLeading(s -> s.endOffset() <= dispatched
                && (d.ignoreAge() || now >= s.file().lastModified() + reservedMillis), batchMax);
            if (deleted > 0) {
                LOG.info("deleted {} CommitLog file(s) ({}); min offset now {}", deleted, d.reason(), commitLog.minOffset());
            }
        }
        long min = commitLog.minOffset();
        for (ConsumeQueue cq : queues.all()) {
            cq.deleteExpired(min);
        }
        if (index != null) {
            index.deleteExpired(min);
        }
        return deleted;
    }

    public double lastDiskRatio() {
        return lastRatio;
    }

    public boolean diskFull() {
        return diskFull;
    }

    public void stop() throws InterruptedException {
        stopThread();
    }
}
