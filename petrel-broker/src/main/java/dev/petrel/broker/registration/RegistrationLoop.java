package dev.petrel.broker.registration;

import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.topic.TopicConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * Keeps the broker registered ({@code petrel-broker-register}, flows.md §1): a full registration with every
 * NameServer 10 s after start and then every {@code registerNameServerPeriod} (30 s), and an incremental one, with
 * just the changed topics, as soon as topics are created or updated. The registration blocks on the network, which
 * is why it has a thread of its own rather than running on a request thread.
 *
 * <p>Threads: topic changes arrive from request threads ({@link #topicsChanged}) into the pending map, guarded by
 * its monitor; only the loop thread talks to the NameServers.
 */
public final class RegistrationLoop extends LoopThread implements TopicConfigTable.ChangeListener {

    private static final Logger LOG = LoggerFactory.getLogger(RegistrationLoop.class);
    static final long FIRST_PERIODIC_DELAY_MILLIS = 10_000;

    private final NameServerRegistrar registrar;
    private final TopicConfigTable topics;
    private final Clock clock;
    private final long periodNanos;
    private final IntSupplier brokerPermission;
    private final BooleanSupplier forceRegister;
    private final Map<String, TopicConfig> pending = new LinkedHashMap<>();
    /** Guarded by {@code pending}'s monitor. */
    private long nextFullNanos;

    public RegistrationLoop(NameServerRegistrar registrar, TopicConfigTable topics, Clock clock, long periodMillis,
                            IntSupplier brokerPermission, BooleanSupplier forceRegister) {
        super("petrel-broker-register");
        this.registrar = registrar;
        this.topics = topics;
        this.clock = clock;
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(10_000, Math.min(periodMillis, 60_000)));
        this.brokerPermission = brokerPermission;
        this.forceRegister = forceRegister;
        this.nextFullNanos = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(FIRST_PERIODIC_DELAY_MILLIS);
    }

    @Override
    public void topicsChanged(List<TopicConfig> changed) {
        synchronized (pending) {
            changed.forEach(t -> pending.put(t.topicName(), t));
        }
        wake();
    }

    /** Asks the loop for a full registration now (after a change of the broker's permission). */
    public void requestFullRegistration() {
        synchronized (pending) {
            nextFullNanos = clock.nanos();
        }
        wake();
    }

    /** The full registration, now, on the caller's thread (at start). Returns NameServer → error (null = ok). */
    public Map<String, String> registerAll() {
        return registrar.register(topics.all(), topics.dataVersion(), brokerPermission.getAsInt(), null);
    }

    @Override
    public void run() {
        while (isRunning()) {
            Map<String, TopicConfig> changed;
            synchronized (pending) {
                changed = new LinkedHashMap<>(pending);
                pending.clear();
            }
            try {
                if (!changed.isEmpty()) {
                    registrar.register(changed, topics.dataVersion(), brokerPermission.getAsInt(), null);
                }
                boolean due;
                synchronized (pending) {
                    due = clock.nanos() - nextFullNanos >= 0;
                    if (due) {
                        nextFullNanos = clock.nanos() + periodNanos;
                    }
                }
                if (due) {
                    if (forceRegister.getAsBoolean()) {
                        registerAll();
                    } else {
                        List<String> stale = registrar.changedOn(topics.dataVersion());
                        if (!stale.isEmpty()) {
                            registrar.register(topics.all(), topics.dataVersion(), brokerPermission.getAsInt(), stale);
                        }
                    }
                }
            } catch (RuntimeException e) {
                LOG.error("registration with the NameServers failed; retrying in the next period", e);
            }
            boolean more;
            synchronized (pending) {
                more = !pending.isEmpty();
            }
            if (!more) {
                long next;
                synchronized (pending) {
                    next = nextFullNanos;
                }
                park(Math.max(1, next - clock.nanos()));
            }
        }
    }

    /**
     * Stops the loop, interrupting a registration in flight: it may wait up to {@code registerBrokerTimeoutMills}
     * (24 s) for a NameServer that does not answer, which would hold up the broker's stop; its NameServer simply misses
     * this one registration (the broker unregisters next).
     */
    public void stop() throws InterruptedException {
        stopThreadInterrupting();
    }
}
