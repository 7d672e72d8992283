package dev.petrel.broker;

import dev.petrel.broker.auth.BrokerAuth;
import dev.petrel.broker.client.ConsumerIdsNotifier;
import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.lock.QueueLockTable;
import dev.petrel.broker.longpoll.PullTimeoutLoop;
import dev.petrel.broker.metrics.BrokerMetrics;
import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.metadata.TopicConfigTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.pull.PullMessageProcessor;
import dev.petrel.broker.registration.NameServerRegistrar;
import dev.petrel.broker.registration.RegistrationLoop;
import dev.petrel.broker.replication.MetadataTables;
import dev.petrel.broker.replication.Replication;
import dev.petrel.broker.replication.Replications;
import dev.petrel.broker.schedule.DelayOffsetTable;
import dev.petrel.broker.schedule.ScheduleService;
import dev.petrel.broker.schedule.ScheduleStats;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.broker.transaction.Transactions;
import dev.petrel.broker.metadata.Perm;
import dev.petrel.common.config.Config;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.ConnectionListener;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.StoreRole;
import dev.petrel.store.timer.TimerConfig;
import dev.petrel.store.timer.TimerService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The broker process: the one class that builds the parts, wires them together, starts them and stops them in
 * order. Every part gets what it uses in its constructor; nothing reaches back here.
 *
 * <p>Time comes from two clocks (docs/architecture.md, "Time: the liveness clock and the schedule clock"):
 * <ul>
 *   <li>the <b>clock</b> runs everything that must track real time so that live peers stay live: client heartbeat
 *       expiry, long-poll deadlines, NameServer registration, housekeeping intervals, send-queue waits, metadata
 *       versions and statistics;</li>
 *   <li>the <b>schedule clock</b> stamps stored messages (store timestamps) and decides when something scheduled is
 *       due: delay levels, timer messages, transaction back-checks, retry delays, file retention. Parts that wait
 *       for a due time compare it with this clock and register their wake-up with
 *       {@link Clock#onAdvance(Runnable)}.</li>
 * </ul>
 * In production both are the system clock. The embedded mode gives the broker an advanceable schedule clock, so a
 * test that advances it by an hour sees an hour's scheduled work done at once while connected clients, whose
 * heartbeats are timed by the real clock, stay registered.
 *
 * <p>Threads it owns (besides the store's and remoting's, see docs/architecture.md): the processor pools
 * {@code petrel-broker-<pool>-N}, {@code petrel-broker-pull-wakeup-N} (resumed long polls),
 * {@code petrel-broker-pull-timeout}, {@code petrel-broker-housekeeping}, {@code petrel-broker-register},
 * {@code petrel-broker-schedule} (delay levels) and {@code petrel-broker-transaction-check}; the last two, and the
 * timer's, do their work only while the store's role is writable ({@link WritableRoleServices}).
 */
public final class BrokerServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerServer.class);
    /** A stop slower than this is logged as a warning, with its phases. */
    private static final long SLOW_STOP_MILLIS = 5_000;

    private final Config config;
    private final Clock clock;
    private final Clock scheduleClock;
    private final BrokerIdentity identity;
    private final StoreConfig.Settings storeSettings;
    private final Replication replication;
    private final MessageStore store;
    private final TimerService timer;
    private final DynamicOverrides overrides;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final BrokerStats stats;
    private final QueueLockTable locks;
    private final ScheduleService schedule;
    private final RemotingServer server;
    private final BrokerAuth auth;
    private final ThreadPoolExecutor wakeups;
    private final Transactions transactions;
    private final WritableRoleServices writableServices;
    private final PullMessageProcessor pull;
    private final PullTimeoutLoop<PullMessageProcessor.Held> pullTimeouts;
    private final HousekeepingLoop housekeeping;
    private final RemotingClient client;
    private final NameServerRegistrar registrar;
    private final RegistrationLoop registration;
    private final BrokerMetrics metrics;
    private boolean started;
    private boolean closed;

    /**
     * A broker whose scheduled work and liveness both follow {@code clock} (production: the system clock).
     *
     * @param config a configuration of {@link BrokerConfig#FILE}
     */
    public BrokerServer(Config config, Clock clock) {
        this(config, clock, clock);
    }

    /**
     * A broker with a separate schedule clock (the embedded mode's advanceable clock). Builds every part, wired once
     * here with the broker role ({@code brokerRole}) as an input; nothing runs, listens or reads the store until
     * {@link #start()}. Only the stored dynamic overrides are read now, since the parts are built from the
     * configuration they change.
     *
     * @param config        a configuration of {@link BrokerConfig#FILE}
     * @param clock         real time: liveness, timeouts, intervals (see the class comment)
     * @param scheduleClock store timestamps and due times of scheduled work; may run ahead of {@code clock}
     */
    public BrokerServer(Config config, Clock clock, Clock scheduleClock) {
        this.config = config;
        this.clock = clock;
        this.scheduleClock = scheduleClock;
        this.identity = resolveIdentity();
        this.storeSettings = StoreConfig.Settings.of(config);
        Path configDir = storeSettings.rootDir().resolve("config");
        this.overrides = new DynamicOverrides(new ConfigFile(configDir.resolve(DynamicOverrides.FILE_NAME)), config);
        overrides.applyStored();

        SystemTopics systemTopics = new SystemTopics(identity.clusterName(), identity.brokerName(),
            config.get(BrokerConfig.AUTO_CREATE_TOPIC_ENABLE), config.get(BrokerConfig.DEFAULT_TOPIC_QUEUE_NUMS),
            config.get(BrokerConfig.CLUSTER_TOPIC_ENABLE), config.get(BrokerConfig.BROKER_TOPIC_ENABLE),
            config.get(BrokerConfig.TRACE_TOPIC_ENABLE) ? config.get(BrokerConfig.MSG_TRACE_TOPIC_NAME) : null);
        this.topics = new TopicConfigTable(new ConfigFile(configDir.resolve("topics.json")), clock, systemTopics,
            config.get(BrokerConfig.AUTO_CREATE_TOPIC_ENABLE));
        this.groups = new SubscriptionGroupTable(new ConfigFile(configDir.resolve("subscriptionGroup.json")), clock,
            () -> config.get(BrokerConfig.AUTO_CREATE_SUBSCRIPTION_GROUP));
        this.offsets = new ConsumerOffsetTable(new ConfigFile(configDir.resolve("consumerOffset.json")), clock);
        DelayOffsetTable delayOffsets = new DelayOffsetTable(new ConfigFile(configDir.resolve(ScheduleService.FILE_NAME)),
            scheduleClock, storeSettings.delayLevels().maxLevel());
        this.client = new RemotingClient("broker-outer", RemotingClientConfig.from(config), clock);
        this.auth = new BrokerAuth(config, configDir, identity.clusterName(), clock);
        auth.signOutgoing(client); // the broker's own calls (NameServers, its master) as the inner user

        // The replication comes before the store (the store's commit gate is its) and after the tables a slave
        // copies from its master.
        this.replication = Replications.of(config, identity, clock, client,
            new MetadataTables(topics, groups, offsets, delayOffsets, auth.metadata()));
        this.store = LocalMessageStore.open(config, scheduleClock, clock, replication.gateWrapper());
        store.setRole(replication.initialRole());
        this.timer = new TimerService(store, TimerConfig.Settings.of(config), storeSettings.rootDir(), scheduleClock);

        this.consumers = new ConsumerRegistry(clock);
        consumers.setListener(new ConsumerIdsNotifier(() -> config.get(BrokerConfig.NOTIFY_CONSUMER_IDS_CHANGED_ENABLE),
            identity.brokerName()));
        this.producers = new ProducerRegistry(clock);
        MetricsConfig.Settings metricsSettings = MetricsConfig.settings(config, MetricsConfig.BROKER_PROM_EXPORTER_PORT);
        // metricsExporterType=DISABLE: the histograms only the endpoint reads are not kept (RocketMQ's no-op instruments)
        this.stats = new BrokerStats(ZoneId.systemDefault(), clock.millis(), identity.clusterName(),
            metricsSettings.enabled());
        this.locks = new QueueLockTable(clock, config.get(BrokerConfig.REBALANCE_LOCK_MAX_LIVE_TIME));
        this.schedule = new ScheduleService(store, storeSettings.delayLevels(), delayOffsets, scheduleClock,
            config.get(BrokerConfig.FLUSH_DELAY_OFFSET_INTERVAL));

        this.server = new RemotingServer("broker", RemotingServerConfig.from(config)
            .with(RemotingServerConfig.LISTEN_PORT, identity.port()), clock);
        auth.register(server, identity.brokerName(), identity.address());
        this.wakeups = wakeupExecutor();
        this.transactions = new Transactions(config, scheduleClock, store, producers, configDir,
            dev.petrel.message.Host.parse(identity.address()), identity.ip1(), identity.brokerName(),
            () -> config.get(BrokerConfig.REJECT_TRANSACTION_MESSAGE),
            () -> topics.ensure(SystemTopics.TRANS_CHECK_MAX_TIME, 1, Perm.READ_WRITE, false, 0));
        this.writableServices = new WritableRoleServices(store, schedule, timer, transactions);
        Map<String, ProcessorExecutor> pools = new LinkedHashMap<>();
        this.pull = ProcessorWiring.register(server, new ProcessorWiring.Parts(config, clock, identity, store, topics,
            groups, offsets, consumers, producers, stats, storeSettings.rootDir().toFile(), wakeups, this::configUpdated,
            locks, schedule, scheduleClock, timer, transactions, replication, pools));
        this.metrics = new BrokerMetrics(new BrokerMetrics.Sources(clock, stats, topics, groups, offsets, store, consumers,
            producers, Map.copyOf(pools), () -> pull.holds().size(), () -> schedule.stats().snapshot(), timer::stats,
            () -> transactions.checks().stats(), transactions.outcomes(), replication::runtimeInfo, replication::haStatus,
            () -> config.get(BrokerConfig.BROKER_PERMISSION), server.metrics(), auth.failures()::counts),
            BrokerMetrics.constantLabels(identity.clusterName(), identity.brokerName(),
                metricsSettings.labels()));
        server.addConnectionListener(new ConnectionListener() {
            @Override
            public void closed(Connection connection) {
                consumers.connectionClosed(connection);
                producers.connectionClosed(connection);
                pull.connectionClosed(connection);
            }
        });
        store.addDispatchListener(pull.holds());
        store.addDispatchListener(schedule.dispatchListener());
        this.pullTimeouts = new PullTimeoutLoop<>(clock, pull.holds());
        this.housekeeping = new HousekeepingLoop(clock, offsets, consumers, producers, stats,
            config.get(BrokerConfig.FLUSH_CONSUMER_OFFSET_INTERVAL), config.get(BrokerConfig.CHANNEL_EXPIRED_TIMEOUT));

        this.registrar = new NameServerRegistrar(client,
            NameServerRegistrar.parseAddresses(BrokerConfig.namesrvAddr(config)), identity, replication,
            config.get(BrokerConfig.REGISTER_BROKER_TIMEOUT_MILLS), clock);
        this.registration = new RegistrationLoop(registrar, topics, clock,
            config.get(BrokerConfig.REGISTER_NAME_SERVER_PERIOD), () -> config.get(BrokerConfig.BROKER_PERMISSION),
            () -> config.get(BrokerConfig.FORCE_REGISTER));
        topics.addListener(registration);
    }

    /** Recovers the store, loads the metadata, starts the parts, listens, registers with the NameServers. */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("broker already started");
        }
        started = true;
        long begin = clock.nanos();
        warmUpJson();
        // Recovery reads files while the metadata loads; nothing touches the store before the join below, and the
        // server does not accept a request before it.
        CompletableFuture<Void> recovered = new CompletableFuture<>();
        Thread recovery = new Thread(() -> {
            try {
                store.start();
                recovered.complete(null);
            } catch (Throwable t) {
                recovered.completeExceptionally(t);
            }
        }, "petrel-broker-recovery");
        recovery.start();
        topics.load();
        groups.load();
        offsets.load();
        auth.start();
        wakeups.prestartAllCoreThreads();
        awaitRecovery(recovered);
        client.start(); // the replication may call out at start (a returning master asks its slaves for offsets)
        replication.start(store, this::roleChanged);
        // Delay levels, timer delivery, check-backs, file deletion: only while writable (a SLAVE or a Raft FOLLOWER
        // at start runs none of them until it is promoted; roleChanged follows every change).
        writableServices.follow();
        pullTimeouts.start();
        server.start();
        housekeeping.start();
        if (registrar.nameServers().isEmpty()) {
            LOG.warn("namesrvAddr is not set: the broker serves clients that know its address, but no NameServer will "
                + "route clients to it");
        } else {
            Map<String, String> outcome = registration.registerAll();
            outcome.forEach((addr, error) -> {
                if (error == null) {
                    LOG.info("registered with NameServer {}", addr);
                }
            });
        }
        registration.start();
        LOG.info("broker {} of cluster {} ({}) ready at {} in {} ms (store {}, {} topics)", identity.brokerName(),
            identity.clusterName(), store.role(), identity.address(),
            TimeUnit.NANOSECONDS.toMillis(clock.nanos() - begin), storeSettings.rootDir(), topics.all().size());
    }

    private static void awaitRecovery(CompletableFuture<Void> recovered) {
        try {
            recovered.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /**
     * Loads the JSON codec (Jackson and its modules, a few hundred ms of class loading) on a short-lived thread while
     * the store recovers, so the first registration does not wait for it.
     */
    private static void warmUpJson() {
        Thread t = new Thread(() -> ProtocolJson.codec().encode(new KVTable(Map.of("warm", "up"))), "petrel-broker-warmup");
        t.setDaemon(true);
        t.start();
    }

    private BrokerIdentity resolveIdentity() {
        String name = config.get(BrokerConfig.BROKER_NAME);
        String ip1 = config.get(BrokerConfig.BROKER_IP1);
        String ip2 = config.get(BrokerConfig.BROKER_IP2);
        if (ip1 == null || ip1.isBlank()) {
            ip1 = BrokerIdentity.localIpv4();
        }
        if (ip2 == null || ip2.isBlank()) {
            ip2 = ip1;
        }
        int port = config.get(BrokerConfig.LISTEN_PORT);
        if (port == 0) {
            port = freePort();
        }
        return new BrokerIdentity(config.get(BrokerConfig.BROKER_CLUSTER_NAME),
            name == null || name.isBlank() ? BrokerIdentity.localHostName() : name, config.get(BrokerConfig.BROKER_ID),
            ip1, ip2, port);
    }

    /** listenPort 0: the address is part of every message id, so it must be known before the server binds. */
    private static int freePort() {
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(0));
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port for listenPort=0", e);
        }
    }

    /** Resumed long polls: short store reads and a socket write, so a few threads suffice (started by start()). */
    private static ThreadPoolExecutor wakeupExecutor() {
        AtomicInteger n = new AtomicInteger();
        int threads = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            r -> {
                Thread t = new Thread(r, "petrel-broker-pull-wakeup-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            });
        return pool;
    }

    /**
     * The replication changed the store's role (an election, a promotion, a demotion): start or stop what runs only on
     * a writable broker, and tell the NameServers at once.
     */
    private void roleChanged(StoreRole role, long brokerId) {
        LOG.info("broker {} is now {} (brokerId {})", identity.brokerName(), role, brokerId);
        writableServices.follow();
        registration.requestFullRegistration();
    }

    /** The replication of this broker's CommitLog (none, master/slave or Raft). */
    public Replication replication() {
        return replication;
    }

    /** UPDATE_BROKER_CONFIG accepted {@code changes}: keep them across restarts and react where needed. */
    private void configUpdated(Map<String, String> changes) {
        overrides.store(changes);
        if (changes.containsKey(BrokerConfig.BROKER_PERMISSION.name())) {
            registration.requestFullRegistration();
        }
    }

    public synchronized BrokerIdentity identity() {
        return identity;
    }

    /** The bound port. */
    public synchronized int port() {
        return server.port();
    }

    /** Pulls held by long polling right now. */
    public int heldPulls() {
        return pull.holds().size();
    }

    public synchronized MessageStore store() {
        return store;
    }

    /** The clock of store timestamps and scheduled work (the liveness clock unless one was given). */
    public Clock scheduleClock() {
        return scheduleClock;
    }

    /**
     * The delay-level figures: scheduled backlog per level and delivery lateness (also in GET_BROKER_RUNTIME_INFO);
     * the embedded mode reads them here.
     */
    public ScheduleStats.Snapshot delayStats() {
        return schedule.stats().snapshot();
    }

    /** The orderly-consumption locks: group → queue → client id of each unexpired lock. */
    public Map<String, Map<dev.petrel.protocol.body.MessageQueue, String>> queueLocks() {
        return locks.snapshot();
    }

    /**
     * Graceful stop: unregisters from the NameServers, stops serving, writes the consumer offsets and shuts the
     * store down (flushing everything and writing the checkpoint). Puts still waiting (for a quorum, a slave, a
     * flush) are answered by the store's shutdown, not acknowledged.
     *
     * <p>Every wait is bounded, and only a thread that does not stop makes it long: a registration in flight is
     * interrupted, the unregistration waits at most 3 s, the server's threads and pools a few seconds, each loop
     * ends within a park (a loop that has not stopped after 5 s is logged with its stack), a Raft member waits at
     * most 2 s for its role thread and 2 s for its senders. The phases' times are logged, as a warning when the
     * stop took over {@value #SLOW_STOP_MILLIS} ms.
     */
    @Override
    public synchronized void close() {
        if (!started || closed) {
            return;
        }
        closed = true;
        long begin = clock.nanos();
        long[] marks = new long[4];
        try {
            registration.stop();
            if (!registrar.nameServers().isEmpty()) {
                registrar.unregister();
            }
            marks[0] = clock.nanos();
            server.close();
            auth.close();
            pullTimeouts.stop();
            wakeups.shutdown();
            wakeups.awaitTermination(5, TimeUnit.SECONDS);
            housekeeping.stop();
            marks[1] = clock.nanos();
            writableServices.close();
            marks[2] = clock.nanos();
            replication.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            marks[3] = clock.nanos();
            offsets.persist();
            topics.persistNow();
            groups.persistNow();
            timer.shutdown(); // no-op unless close() was interrupted before the services stopped
            store.shutdown();
            client.close();
            logStopped(begin, marks);
        }
    }

    /**
     * The broker's Prometheus families, collected when scraped. The broker opens no metrics port itself: the launcher
     * serves them ({@code metricsPromExporterPort}), and an embedding application may register them with its own
     * Prometheus registry.
     */
    public BrokerMetrics metrics() {
        return metrics;
    }

    private void logStopped(long begin, long[] marks) {
        long end = clock.nanos();
        long total = TimeUnit.NANOSECONDS.toMillis(end - begin);
        String phases = String.format("unregister %d ms, server and loops %d ms, writable services %d ms, replication "
            + "%d ms, metadata and store %d ms", millisBetween(begin, marks[0]), millisBetween(marks[0], marks[1]),
            millisBetween(marks[1], marks[2]), millisBetween(marks[2], marks[3]), millisBetween(marks[3], end));
        if (total > SLOW_STOP_MILLIS) {
            LOG.warn("broker {} stopped in {} ms, slowly ({})", identity.brokerName(), total, phases);
        } else {
            LOG.info("broker {} stopped in {} ms ({})", identity.brokerName(), total, phases);
        }
    }

    private static long millisBetween(long from, long to) {
        return from == 0 || to == 0 ? 0 : Math.max(0, TimeUnit.NANOSECONDS.toMillis(to - from));
    }

    /** Users, ACLs and the refusal counters (ACL 2.0). */
    public BrokerAuth auth() {
        return auth;
    }

    // Parts, for tests in this package.

    TopicConfigTable topics() {
        return topics;
    }

    SubscriptionGroupTable groups() {
        return groups;
    }

    ConsumerOffsetTable offsets() {
        return offsets;
    }

    ConsumerRegistry consumers() {
        return consumers;
    }

    ProducerRegistry producers() {
        return producers;
    }

    PullMessageProcessor pullProcessor() {
        return pull;
    }

    HousekeepingLoop housekeeping() {
        return housekeeping;
    }

    WritableRoleServices writableServices() {
        return writableServices;
    }

    RegistrationLoop registration() {
        return registration;
    }

    /** Whether the delay levels, timer delivery, check-backs and file deletion run (the store is writable). */
    public boolean writableServicesRunning() {
        return writableServices.running();
    }

    /** The transaction parts (check-back loop, its counters). */
    public Transactions transactions() {
        return transactions;
    }
}
