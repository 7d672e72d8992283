package dev.petrel.broker;

import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.common.time.Clock;

import java.util.concurrent.TimeUnit;

/**
 * The broker's periodic chores on one thread ({@code petrel-broker-housekeeping}), each when it is due:
 * <ul>
 *   <li>write {@code consumerOffset.json} every {@code flushConsumerOffsetInterval} (5 s) if offsets changed;</li>
 *   <li>drop clients without a heartbeat for {@code channelExpiredTimeout} (120 s), every 10 s;</li>
 *   <li>sample the message counters for the throughput windows, every 10 s.</li>
 * </ul>
 * {@link #runDue()} does one round with the clock's time, so tests step it with a manual clock.
 */
public final class HousekeepingLoop extends PeriodicLoop {

    static final long CLIENT_SCAN_INTERVAL_MILLIS = 10_000;
    private static final long TICK_MILLIS = 1_000;

    private final Clock clock;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final BrokerStats stats;
    private final long offsetFlushNanos;
    private final long channelExpiredMillis;
    private long nextOffsetFlush;
    private long nextClientScan;
    private long nextSample;

    public HousekeepingLoop(Clock clock, ConsumerOffsetTable offsets, ConsumerRegistry consumers,
                            ProducerRegistry producers, BrokerStats stats, long offsetFlushMillis,
                            long channelExpiredMillis) {
        super("petrel-broker-housekeeping", TICK_MILLIS);
        this.clock = clock;
        this.offsets = offsets;
        this.consumers = consumers;
        this.producers = producers;
        this.stats = stats;
        this.offsetFlushNanos = TimeUnit.MILLISECONDS.toNanos(offsetFlushMillis);
        this.channelExpiredMillis = channelExpiredMillis;
        long now = clock.nanos();
        this.nextOffsetFlush = now + offsetFlushNanos;
        this.nextClientScan = now + TimeUnit.MILLISECONDS.toNanos(CLIENT_SCAN_INTERVAL_MILLIS);
        this.nextSample = now + TimeUnit.MILLISECONDS.toNanos(BrokerStats.SAMPLE_INTERVAL_MILLIS);
    }

    @Override
    protected void tick() {
        runDue();
    }

    /** Runs every chore that is due now. */
    public void runDue() {
        long now = clock.nanos();
        if (now - nextOffsetFlush >= 0) {
            nextOffsetFlush = now + offsetFlushNanos;
            offsets.persist();
        }
        if (now - nextClientScan >= 0) {
            nextClientScan = now + TimeUnit.MILLISECONDS.toNanos(CLIENT_SCAN_INTERVAL_MILLIS);
            consumers.scanExpired(channelExpiredMillis);
            producers.scanExpired(channelExpiredMillis);
        }
        if (now - nextSample >= 0) {
            nextSample = now + TimeUnit.MILLISECONDS.toNanos(BrokerStats.SAMPLE_INTERVAL_MILLIS);
            stats.sample(clock.millis());
        }
    }

    public void stop() throws InterruptedException {
        stopThread();
    }
}
