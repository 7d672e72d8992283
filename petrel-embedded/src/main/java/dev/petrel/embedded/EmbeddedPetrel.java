package dev.petrel.embedded;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NameServer;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Petrel inside the test's JVM: a NameServer and one broker listening on free 127.0.0.1 ports, with a store in a
 * temporary directory that {@link #close()} deletes, and a schedule clock the test can {@link #advance(Duration)}.
 *
 * <pre>{@code
 * try (EmbeddedPetrel petrel = EmbeddedPetrel.start()) {
 *     petrel.createTopic("Orders");
 *     // point any RocketMQ-protocol client at petrel.namesrvAddr()
 *     petrel.advance(Duration.ofSeconds(10));   // a 10 s delay is now due; the broker delivers it at once
 * }
 * }</pre>
 *
 * <p>Two clocks run the broker (see {@code BrokerServer}): real time keeps connected clients alive, the
 * {@link AdvanceableClock} stamps stored messages and decides when delayed, timed, retried and transaction-checked
 * work is due. Advancing it never expires a client.
 *
 * <p>Thread-safe: {@link #createTopic}, {@link #advance} and the getters may be called from any thread;
 * {@link #close()} is idempotent.
 */
public final class EmbeddedPetrel implements AutoCloseable {

    /** The cluster the broker registers in (the clients' default too). */
    public static final String CLUSTER = "DefaultCluster";
    /** The broker's name. */
    public static final String BROKER_NAME = "embedded-broker";

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final RecordHeaderCodec<CreateTopicRequestHeader> CREATE_TOPIC =
        RecordHeaderCodec.of(CreateTopicRequestHeader.class);

    private final Path storeDir;
    private final boolean deleteStoreOnClose;
    private final AdvanceableClock scheduleClock;
    private final NameServer nameServer;
    private final BrokerServer broker;
    private final RemotingClient admin;
    private final Duration startTime;
    private boolean closed;

    private EmbeddedPetrel(Builder builder) {
        long begin = Clock.system().nanos();
        this.deleteStoreOnClose = builder.storeDir == null;
        this.storeDir = builder.storeDir == null ? createTempDir() : builder.storeDir;
        this.scheduleClock = new AdvanceableClock(Clock.system());
        NameServer ns = null;
        BrokerServer b = null;
        RemotingClient client = null;
        try {
            ns = new NameServer(NamesrvConfig.of(EmbeddedSettings.namesrv(storeDir)), Clock.system());
            ns.start();
            Config brokerConfig = EmbeddedSettings.broker(storeDir, "127.0.0.1:" + ns.port(), builder.brokerProperties);
            b = new BrokerServer(brokerConfig, Clock.system(), scheduleClock);
            b.start();
            client = new RemotingClient("petrel-embedded-admin", RemotingClientConfig.defaults(), Clock.system());
            client.start();
        } catch (RuntimeException | Error e) {
            closeQuietly(client);
            closeQuietly(b);
            closeQuietly(ns);
            if (deleteStoreOnClose) {
                deleteRecursively(storeDir);
            }
            throw e;
        }
        this.nameServer = ns;
        this.broker = b;
        this.admin = client;
        this.startTime = Duration.ofNanos(Clock.system().nanos() - begin);
    }

    /** Starts a NameServer and a broker with the embedded defaults (docs/embedded.md). */
    public static EmbeddedPetrel start() {
        return builder().start();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The NameServer's address, {@code 127.0.0.1:port}: give it to clients as {@code namesrvAddr}. */
    public String namesrvAddr() {
        return "127.0.0.1:" + nameServer.port();
    }

    /** The broker's address, {@code 127.0.0.1:port}, for admin calls that go to a broker directly. */
    public String brokerAddr() {
        return broker.identity().address();
    }

    /** The broker's store root (a temporary directory unless the builder named one). */
    public Path storeDir() {
        return storeDir;
    }

    /** How long {@link #start()} took, NameServer and broker included. */
    public Duration startTime() {
        return startTime;
    }

    /** Creates (or updates) {@code topic} with 4 read and 4 write queues. */
    public void createTopic(String topic) {
        createTopic(topic, 4);
    }

    /**
     * Creates (or updates) {@code topic} on the broker with {@code queues} read and write queues, and returns once
     * the NameServer routes it, so a client started next finds it.
     *
     * @throws IllegalStateException if the broker refuses the topic (the remark says why) or the route does not
     *                               appear within 10 s
     */
    public void createTopic(String topic, int queues) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader(topic, "TBW102", queues, queues, 6, "SINGLE_TAG",
            0, false, null, false, RpcFields.NONE);
        RemotingCommand response;
        try {
            response = admin.invokeSync(brokerAddr(), RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC,
                CREATE_TOPIC.encode(header), null), CALL_TIMEOUT.toMillis());
        } catch (RemotingException e) {
            throw new IllegalStateException("cannot reach the embedded broker to create topic " + topic, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topic " + topic, e);
        }
        if (response.code() != ResponseCode.SUCCESS) {
            throw new IllegalStateException("the embedded broker refused topic " + topic + ": " + response.remark());
        }
        awaitRoute(topic);
    }

    private void awaitRoute(String topic) {
        long deadline = Clock.system().nanos() + CALL_TIMEOUT.toNanos();
        while (nameServer.registry().route(topic) == null) {
            if (Clock.system().nanos() - deadline > 0) {
                throw new IllegalStateException("topic " + topic + " was created on the broker but the NameServer "
                    + "did not route it within " + CALL_TIMEOUT.toSeconds() + " s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** The schedule clock's current time (store timestamps, due times). */
    public Instant now() {
        return Instant.ofEpochMilli(scheduleClock.millis());
    }

    /**
     * Moves the broker's schedule clock forward by {@code amount}: everything that became due (delay levels, timer
     * messages, retries, transaction back-checks) is handed to its loop at once; new messages are stamped with the
     * advanced time. Connected clients are not affected: their liveness follows real time.
     */
    public void advance(Duration amount) {
        scheduleClock.advance(amount);
    }

    /** The broker's schedule clock, for code that wants to register its own wake-ups or read the shift. */
    public AdvanceableClock scheduleClock() {
        return scheduleClock;
    }

    /**
     * The broker's and the NameServer's Prometheus families (collected when called). The embedded mode opens no metrics
     * port; register these with a {@code PrometheusRegistry} of the test's own, or call {@code collect()}.
     */
    public java.util.List<io.prometheus.metrics.model.registry.MultiCollector> metrics() {
        return java.util.List.of(broker.metrics(), nameServer.metrics());
    }

    /** Stops the broker (flushing its store), the NameServer, and deletes the temporary store directory. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        closeQuietly(admin);
        try {
            broker.close();
        } finally {
            nameServer.close();
            if (deleteStoreOnClose) {
                deleteRecursively(storeDir);
            }
        }
    }

    @Override
    public String toString() {
        return "EmbeddedPetrel[namesrv " + namesrvAddr() + ", broker " + brokerAddr() + ", store " + storeDir + "]";
    }

    private static Path createTempDir() {
        try {
            return Files.createTempDirectory("petrel-embedded-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary store directory", e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the embedded store " + dir, e);
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // Already failing to start: the start failure is the error worth reporting.
        }
    }

    /** Options of an {@link EmbeddedPetrel}; every one has a default fit for tests. */
    public static final class Builder {

        private final Map<String, String> brokerProperties = new LinkedHashMap<>();
        private Path storeDir;

        private Builder() {
        }

        /**
         * Sets a broker.conf property (RocketMQ's names: {@code enablePropertyFilter}, {@code messageDelayLevel},
         * {@code maxReconsumeTimes}...). Ports, addresses and the store root are the embedded mode's own.
         *
         * @throws IllegalArgumentException for those reserved keys
         */
        public Builder brokerProperty(String name, String value) {
            if (EmbeddedSettings.RESERVED_BROKER_KEYS.contains(name)) {
                throw new IllegalArgumentException(name + " is chosen by the embedded mode (free loopback ports, a "
                    + "temporary store; use storeDir(...) for a store that outlives the instance)");
            }
            brokerProperties.put(name, value);
            return this;
        }

        /** Lets consumers subscribe with SQL92 expressions ({@code enablePropertyFilter=true}). */
        public Builder enablePropertyFilter() {
            return brokerProperty(BrokerConfig.ENABLE_PROPERTY_FILTER.name(), "true");
        }

        /** Keeps the store in {@code dir} and leaves it there on close (for restart tests). */
        public Builder storeDir(Path dir) {
            this.storeDir = dir;
            return this;
        }

        /**
         * Starts the NameServer and the broker.
         *
         * @throws ConfigException if a broker property is unknown or out of range
         */
        public EmbeddedPetrel start() {
            return new EmbeddedPetrel(this);
        }
    }
}
