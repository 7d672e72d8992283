package dev.petrel.canary;

import dev.petrel.common.time.Clock;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The correctness canary: sends sequenced messages to every queue of a canary topic on every master broker, reads them
 * back, and counts what was acknowledged but lost, what arrived twice or out of order, and how long delivery took
 * (docs/operations.md, "Correctness canary"). The wiring: a {@link ClientTransport}, the {@link CanaryLoop} that does
 * the sending, receiving and accounting, and the {@link DiscoveryLoop} that finds the brokers.
 *
 * <pre>{@code
 * try (Canary canary = Canary.start(CanaryConfig.Settings.defaults("127.0.0.1:9876"), Clock.system())) {
 *     CanaryReport r = canary.report();   // any time; a new one every 100 ms
 *     registry.register(canary.metrics(Labels.EMPTY));
 * }
 * }</pre>
 *
 * <p>Threads: {@code petrel-canary} (the loop) and {@code petrel-canary-discovery}, plus the client's. Every method
 * here may be called from any thread.
 */
public final class Canary implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Canary.class);

    private final CanaryConfig.Settings settings;
    private final long runId;
    private final CanaryTransport transport;
    private final CanaryLoop loop;
    private final DiscoveryLoop discovery;
    private boolean closed;

    private Canary(CanaryConfig.Settings settings, long runId, CanaryTransport transport, CanaryLoop loop) {
        this.settings = settings;
        this.runId = runId;
        this.transport = transport;
        this.loop = loop;
        this.discovery = new DiscoveryLoop(settings, transport, loop::watch);
    }

    /** Starts a canary that logs its summary line through its own logger. */
    public static Canary start(CanaryConfig.Settings settings, Clock clock) {
        return start(settings, clock, () -> true, LOG::info);
    }

    /**
     * Starts a canary.
     *
     * @param mayPull   asked before each pull; while false the canary reads nothing (it keeps sending): a test plays a
     *                  consumer that lags behind with it
     * @param summaries where the one-line summary goes every {@code canarySummaryIntervalMs}
     * @throws dev.petrel.client.ClientException when the clients cannot be built (a bad NameServer address)
     */
    public static Canary start(CanaryConfig.Settings settings, Clock clock, BooleanSupplier mayPull,
                               Consumer<String> summaries) {
        long runId = ThreadLocalRandom.current().nextLong();
        CanaryTransport transport = new ClientTransport(settings, runId, clock);
        CanaryLoop loop = new CanaryLoop(settings, runId, clock, transport, mayPull, summaries);
        Canary canary = new Canary(settings, runId, transport, loop);
        loop.start();
        canary.discovery.start();
        LOG.info("canary: run {} on topic {} via {} (send interval {} ms, grace {} ms)", CanaryMessage.hex(runId),
            settings.topic(), settings.namesrvAddr(), settings.sendInterval().toMillis(), settings.grace().toMillis());
        return canary;
    }

    /** What the canary has seen so far; after {@link #close()}, what it saw in all. */
    public CanaryReport report() {
        return loop.report();
    }

    /** The canary's families ({@code petrel_canary_*}), each series with {@code constant} added. */
    public MultiCollector metrics(Labels constant) {
        return new CanaryMetrics(loop::report, constant);
    }

    public long runId() {
        return runId;
    }

    public CanaryConfig.Settings settings() {
        return settings;
    }

    /** For a ready line: {@code canary on topic PETREL_CANARY (run ..., grace 60000 ms)}. */
    public String describe() {
        return "canary on topic " + settings.topic() + " (run " + CanaryMessage.hex(runId) + ", grace "
            + settings.grace().toMillis() + " ms)";
    }

    /** Stops sending and receiving, publishes the last report, closes the clients. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        boolean interrupted = false;
        try {
            discovery.stop();
        } catch (InterruptedException e) {
            interrupted = true;
        }
        try {
            loop.stop();
        } catch (InterruptedException e) {
            interrupted = true;
        }
        transport.close();
        LOG.info("canary: stopped; {}", SummaryLine.of(loop.report()));
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
