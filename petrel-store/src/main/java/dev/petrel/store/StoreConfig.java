package dev.petrel.store;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

import java.nio.file.Path;

/**
 * The store's properties: RocketMQ's {@code MessageStoreConfig} names and defaults (storage-layout.md §2, §3, §4, §8),
 * each with its range and a one-line doc. {@link #DEF} is the definition; {@link Settings} is the typed,
 * immutable view the store's classes receive.
 */
public final class StoreConfig {

    /** How the CommitLog is made durable. */
    public enum FlushDiskType { ASYNC_FLUSH, SYNC_FLUSH }

    public static final ConfigKey<String> STORE_PATH_ROOT_DIR = ConfigKey.ofString("storePathRootDir",
        "${user.home}/store", "root directory of the store (commitlog, consumequeue, index, checkpoint); ${user.home} is expanded");
    public static final ConfigKey<String> STORE_PATH_COMMIT_LOG = ConfigKey.ofString("storePathCommitLog", null,
        "CommitLog directory; unset means <storePathRootDir>/commitlog");
    public static final ConfigKey<Integer> MAPPED_FILE_SIZE_COMMIT_LOG = ConfigKey.ofInt("mappedFileSizeCommitLog",
        1024 * 1024 * 1024, 4096, Integer.MAX_VALUE, "bytes per CommitLog file");
    public static final ConfigKey<Integer> MAPPED_FILE_SIZE_CONSUME_QUEUE = ConfigKey.ofInt("mappedFileSizeConsumeQueue",
        300_000 * 20, 20, Integer.MAX_VALUE, "bytes per ConsumeQueue file (rounded up to a multiple of 20)");
    public static final ConfigKey<FlushDiskType> FLUSH_DISK_TYPE = ConfigKey.ofEnum("flushDiskType", FlushDiskType.class,
        FlushDiskType.ASYNC_FLUSH, "ASYNC_FLUSH: acknowledge from the page cache; SYNC_FLUSH: acknowledge after fsync (group commit)");
    public static final ConfigKey<Integer> FLUSH_INTERVAL_COMMIT_LOG = ConfigKey.ofInt("flushIntervalCommitLog", 500, 1,
        Integer.MAX_VALUE, "async flush period, ms");
    public static final ConfigKey<Integer> FLUSH_COMMIT_LOG_LEAST_PAGES = ConfigKey.ofInt("flushCommitLogLeastPages", 4, 0,
        Integer.MAX_VALUE, "async flush only when at least this many 4 KiB pages are dirty");
    public static final ConfigKey<Integer> FLUSH_COMMIT_LOG_THOROUGH_INTERVAL = ConfigKey.ofInt("flushCommitLogThoroughInterval",
        10_000, 0, Integer.MAX_VALUE, "async: flush everything at least this often, ms");
    public static final ConfigKey<Integer> SYNC_FLUSH_TIMEOUT = ConfigKey.ofInt("syncFlushTimeout", 5000, 1,
        Integer.MAX_VALUE, "SYNC_FLUSH: answer FLUSH_DISK_TIMEOUT after this many ms");
    public static final ConfigKey<Integer> MAX_MESSAGE_SIZE = ConfigKey.ofInt("maxMessageSize", 4 * 1024 * 1024, 1,
        Integer.MAX_VALUE, "largest accepted body, bytes");
    public static final ConfigKey<Boolean> TRANSIENT_STORE_POOL_ENABLE = ConfigKey.ofBoolean("transientStorePoolEnable",
        false, "ASYNC_FLUSH: write into off-heap buffers and commit them to the file in the background");
    public static final ConfigKey<Integer> TRANSIENT_STORE_POOL_SIZE = ConfigKey.ofInt("transientStorePoolSize", 5, 1, 100,
        "number of off-heap write buffers of one CommitLog file each");
    public static final ConfigKey<Integer> COMMIT_INTERVAL_COMMIT_LOG = ConfigKey.ofInt("commitIntervalCommitLog", 200, 1,
        Integer.MAX_VALUE, "transient pool: commit period, ms");
    public static final ConfigKey<Integer> FLUSH_INTERVAL_CONSUME_QUEUE = ConfigKey.ofInt("flushIntervalConsumeQueue", 1000, 1,
        Integer.MAX_VALUE, "ConsumeQueue, index and checkpoint flush period, ms");
    public static final ConfigKey<Integer> FILE_RESERVED_TIME = ConfigKey.ofInt("fileReservedTime", 72, 0, Integer.MAX_VALUE,
        "hours a CommitLog file is kept after its last write");
    public static final ConfigKey<String> DELETE_WHEN = ConfigKey.ofString("deleteWhen", "04",
        "hours of day (local time, ';'-separated) at which expired files are deleted");
    public static final ConfigKey<Integer> DISK_MAX_USED_SPACE_RATIO = ConfigKey.ofInt("diskMaxUsedSpaceRatio", 75, 10, 95,
        "percent disk use above which expired files are deleted at any hour");
    public static final ConfigKey<Integer> DISK_SPACE_CLEAN_FORCIBLY_RATIO = ConfigKey.ofInt("diskSpaceCleanForciblyRatio", 85,
        30, 85, "percent disk use above which files are deleted regardless of age");
    public static final ConfigKey<Integer> DISK_SPACE_WARNING_LEVEL_RATIO = ConfigKey.ofInt("diskSpaceWarningLevelRatio", 90,
        35, 90, "percent disk use above which appends are refused (SERVICE_NOT_AVAILABLE)");
    public static final ConfigKey<Boolean> CLEAN_FILE_FORCIBLY_ENABLE = ConfigKey.ofBoolean("cleanFileForciblyEnable", true,
        "allow deleting unexpired files when the disk is above diskSpaceCleanForciblyRatio");
    public static final ConfigKey<Integer> CLEAN_RESOURCE_INTERVAL = ConfigKey.ofInt("cleanResourceInterval", 10_000, 1,
        Integer.MAX_VALUE, "period of the clean loop, ms");
    public static final ConfigKey<Integer> DELETE_FILE_BATCH_MAX = ConfigKey.ofInt("deleteFileBatchMax", 10, 1, 1000,
        "most CommitLog files deleted per clean run");
    public static final ConfigKey<Boolean> MESSAGE_INDEX_ENABLE = ConfigKey.ofBoolean("messageIndexEnable", true,
        "build IndexFiles (query by key and by unique id)");
    public static final ConfigKey<Integer> MAX_HASH_SLOT_NUM = ConfigKey.ofInt("maxHashSlotNum", 5_000_000, 1,
        Integer.MAX_VALUE, "hash slots per IndexFile");
    public static final ConfigKey<Integer> MAX_INDEX_NUM = ConfigKey.ofInt("maxIndexNum", 20_000_000, 2, Integer.MAX_VALUE,
        "entries per IndexFile");
    public static final ConfigKey<Integer> MAX_MSGS_NUM_BATCH = ConfigKey.ofInt("maxMsgsNumBatch", 64, 1, Integer.MAX_VALUE,
        "most results of one query by key");
    public static final ConfigKey<Boolean> CHECK_CRC_ON_RECOVER = ConfigKey.ofBoolean("checkCRCOnRecover", true,
        "verify body CRCs while recovering the CommitLog");
    public static final ConfigKey<String> MESSAGE_DELAY_LEVEL = ConfigKey.ofString("messageDelayLevel",
        "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h", DelayLevels::isValid,
        "space-separated durations with unit s, m, h or d", "delay of each level (1-based) of SCHEDULE_TOPIC_XXXX");
    public static final ConfigKey<Integer> MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY = ConfigKey.ofInt(
        "maxTransferBytesOnMessageInMemory", 256 * 1024, 1, Integer.MAX_VALUE, "upper bound of bytes one get returns");
    public static final ConfigKey<Integer> MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY = ConfigKey.ofInt(
        "maxTransferCountOnMessageInMemory", 32, 1, Integer.MAX_VALUE, "upper bound of messages one get returns");

    public static final ConfigDef DEF = ConfigDef.of("store", STORE_PATH_ROOT_DIR, STORE_PATH_COMMIT_LOG,
        MAPPED_FILE_SIZE_COMMIT_LOG, MAPPED_FILE_SIZE_CONSUME_QUEUE, FLUSH_DISK_TYPE, FLUSH_INTERVAL_COMMIT_LOG,
        FLUSH_COMMIT_LOG_LEAST_PAGES, FLUSH_COMMIT_LOG_THOROUGH_INTERVAL, SYNC_FLUSH_TIMEOUT, MAX_MESSAGE_SIZE,
        TRANSIENT_STORE_POOL_ENABLE, TRANSIENT_STORE_POOL_SIZE, COMMIT_INTERVAL_COMMIT_LOG, FLUSH_INTERVAL_CONSUME_QUEUE,
        FILE_RESERVED_TIME, DELETE_WHEN, DISK_MAX_USED_SPACE_RATIO, DISK_SPACE_CLEAN_FORCIBLY_RATIO,
        DISK_SPACE_WARNING_LEVEL_RATIO, CLEAN_FILE_FORCIBLY_ENABLE, CLEAN_RESOURCE_INTERVAL, DELETE_FILE_BATCH_MAX,
        MESSAGE_INDEX_ENABLE, MAX_HASH_SLOT_NUM, MAX_INDEX_NUM, MAX_MSGS_NUM_BATCH, CHECK_CRC_ON_RECOVER,
        MESSAGE_DELAY_LEVEL, MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY, MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY);

    private StoreConfig() {
    }

    /** The typed settings, read once from a {@link Config} of {@link #DEF}. */
    public record Settings(Path rootDir, Path commitLogDir, int commitLogFileSize, int consumeQueueFileSize,
                           FlushDiskType flushDiskType, int flushIntervalCommitLog, int flushCommitLogLeastPages,
                           int flushCommitLogThoroughInterval, int syncFlushTimeout, int maxMessageSize,
                           boolean transientStorePoolEnable, int transientStorePoolSize, int commitIntervalCommitLog,
                           int flushIntervalConsumeQueue, int fileReservedTimeHours, String deleteWhen,
                           int diskMaxUsedSpaceRatio, int diskSpaceCleanForciblyRatio, int diskSpaceWarningLevelRatio,
                           boolean cleanFileForciblyEnable, int cleanResourceInterval, int deleteFileBatchMax,
                           boolean messageIndexEnable, int maxHashSlotNum, int maxIndexNum, int maxMsgsNumBatch,
                           boolean checkCrcOnRecover, DelayLevels delayLevels, int maxTransferBytes, int maxTransferCount) {

        public static Settings of(Config c) {
            Path root = Path.of(c.get(STORE_PATH_ROOT_DIR).replace("${user.home}", System.getProperty("user.home")));
            String cl = c.get(STORE_PATH_COMMIT_LOG);
            int cq = c.get(MAPPED_FILE_SIZE_CONSUME_QUEUE);
            cq = ((cq + 19) / 20) * 20;
            return new Settings(root, cl == null || cl.isBlank() ? root.resolve("commitlog") : Path.of(cl.split(",")[0].trim()),
                c.get(MAPPED_FILE_SIZE_COMMIT_LOG), cq, c.get(FLUSH_DISK_TYPE), c.get(FLUSH_INTERVAL_COMMIT_LOG),
                c.get(FLUSH_COMMIT_LOG_LEAST_PAGES), c.get(FLUSH_COMMIT_LOG_THOROUGH_INTERVAL), c.get(SYNC_FLUSH_TIMEOUT),
                c.get(MAX_MESSAGE_SIZE), c.get(TRANSIENT_STORE_POOL_ENABLE), c.get(TRANSIENT_STORE_POOL_SIZE),
                c.get(COMMIT_INTERVAL_COMMIT_LOG), c.get(FLUSH_INTERVAL_CONSUME_QUEUE), c.get(FILE_RESERVED_TIME),
                c.get(DELETE_WHEN), c.get(DISK_MAX_USED_SPACE_RATIO), c.get(DISK_SPACE_CLEAN_FORCIBLY_RATIO),
                c.get(DISK_SPACE_WARNING_LEVEL_RATIO), c.get(CLEAN_FILE_FORCIBLY_ENABLE), c.get(CLEAN_RESOURCE_INTERVAL),
                c.get(DELETE_FILE_BATCH_MAX), c.get(MESSAGE_INDEX_ENABLE), c.get(MAX_HASH_SLOT_NUM), c.get(MAX_INDEX_NUM),
                c.get(MAX_MSGS_NUM_BATCH), c.get(CHECK_CRC_ON_RECOVER), DelayLevels.parse(c.get(MESSAGE_DELAY_LEVEL)),
                c.get(MAX_TRANSFER_BYTES_ON_MESSAGE_IN_MEMORY), c.get(MAX_TRANSFER_COUNT_ON_MESSAGE_IN_MEMORY));
        }

        public Path consumeQueueDir() {
            return rootDir.resolve("consumequeue");
        }

        public Path indexDir() {
            return rootDir.resolve("index");
        }

        public boolean syncFlush() {
            return flushDiskType == FlushDiskType.SYNC_FLUSH;
        }
    }
}
