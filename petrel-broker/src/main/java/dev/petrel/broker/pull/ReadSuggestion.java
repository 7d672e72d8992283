package dev.petrel.broker.pull;

import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;

import java.util.function.BooleanSupplier;

/**
 * The pull response's {@code suggestWhichBrokerId} (storage-layout.md §9.4, ha.md §1.10): which broker of the group the
 * consumer should pull this queue from next. Pure.
 * <ul>
 *   <li>With {@code slaveReadEnable} (default false): data no longer "in memory" (the last record returned lies more
 *   than {@code residentBytes} below the CommitLog's end) suggests the group's {@code whichBrokerWhenConsumeSlowly}
 *   (1), hot data the group's {@code brokerId} (0), on a master and a slave alike.</li>
 *   <li>Without it every answer suggests the master, 0.</li>
 * </ul>
 * A slave always serves the pull it received (RocketMQ 4's behaviour; a 5.x slave refuses pulls unless
 * {@code slaveReadEnable}), so consumers keep consuming from it while the master is down, and the suggestion sends
 * them back to the master once it is there again.
 */
public final class ReadSuggestion {

    public static final long MASTER_ID = 0;

    private final BooleanSupplier slaveReadEnable;
    private final long residentBytes;

    /**
     * @param slaveReadEnable reads {@code slaveReadEnable} (dynamic)
     * @param residentBytes   the tail of the CommitLog counted as in memory: {@code accessMessageInMemoryMaxRatio} % of
     *                        the machine's physical memory
     */
    public ReadSuggestion(BooleanSupplier slaveReadEnable, long residentBytes) {
        this.slaveReadEnable = slaveReadEnable;
        this.residentBytes = residentBytes;
    }

    /** A reader that always suggests the master. */
    public static ReadSuggestion masterOnly() {
        return new ReadSuggestion(() -> false, Long.MAX_VALUE);
    }

    /**
     * @param commitLogMax       the CommitLog's max offset
     * @param lastReturnedOffset physical offset of the last record the pull returns, or -1 when it returns none
     */
    public long suggest(SubscriptionGroupConfig group, long commitLogMax, long lastReturnedOffset) {
        if (!slaveReadEnable.getAsBoolean()) {
            return MASTER_ID;
        }
        boolean cold = lastReturnedOffset >= 0 && commitLogMax - lastReturnedOffset > residentBytes;
        return cold ? group.whichBrokerWhenConsumeSlowly() : group.brokerId();
    }

    /** {@code ratioPercent} % of this machine's physical memory (the JVM's max heap if the total is unknown). */
    public static long residentBytes(int ratioPercent) {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long total = os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize()
            : Runtime.getRuntime().maxMemory();
        return total / 100 * ratioPercent;
    }
}
