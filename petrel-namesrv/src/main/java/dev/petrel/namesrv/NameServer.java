package dev.petrel.namesrv;

import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.kv.KvConfigFile;
import dev.petrel.namesrv.kv.KvConfigTable;
import dev.petrel.namesrv.processor.BrokerRegistrationProcessor;
import dev.petrel.namesrv.processor.ClusterQueryProcessor;
import dev.petrel.namesrv.processor.KvConfigProcessor;
import dev.petrel.namesrv.processor.NamesrvConfigProcessor;
import dev.petrel.namesrv.processor.RouteQueryProcessor;
import dev.petrel.namesrv.processor.TopicAdminProcessor;
import dev.petrel.namesrv.route.RemovedBroker;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.namesrv.metrics.NamesrvMetrics;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.remoting.RemotingMetrics;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.header.catalog.HeaderCatalog;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.ConnectionListener;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import java.net.InetSocketAddress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A NameServer process part: wires the {@link RouteRegistry}, the KV config, the writer thread and the request
 * processors onto a {@link RemotingServer}. The one wiring class of the NameServer; embed it, or let
 * {@code bin/petrel namesrv} run it.
 *
 * <pre>
 *   clients ── GET_ROUTEINFO_BY_TOPIC ──▶ petrel-namesrv-client-N ──▶ registry.route(t)  (lock-free read)
 *   brokers ── REGISTER_BROKER, ... ────▶ petrel-namesrv-default-N ─▶ decode ─▶ queue ─▶ petrel-namesrv-writer
 *   connection closed ─────────────────▶ petrel-namesrv-events ──────────────▶ queue ─┘   (registry, KV, config;
 *                                                                                         scan every 5 s)
 * </pre>
 *
 * <p>Life cycle: construct, {@link #start()} (loads the KV file, binds the port), {@link #close()}.
 */
public final class NameServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NameServer.class);

    private final NamesrvConfig config;
    private final Clock clock;
    private final RouteRegistry registry;
    private RemotingServer server;
    private NamesrvWriterLoop writer;
    private KvConfigTable kv;
    private boolean started;
    private boolean closed;

    public NameServer(NamesrvConfig config, Clock clock) {
        this.config = config;
        this.clock = clock;
        this.registry = new RouteRegistry(config, clock);
    }

    /**
     * Loads the KV config and starts serving.
     *
     * @throws IllegalStateException if the KV file cannot be read or the port cannot be bound; nothing keeps running
     */
    public synchronized void start() {
        if (started) {
            throw new IllegalStateException("the NameServer is already started");
        }
        started = true;
        kv = KvConfigTable.load(new KvConfigFile(config.kvConfigPath()));
        writer = new NamesrvWriterLoop(registry, config, clock, NameServer::closeConnection);
        server = new RemotingServer("namesrv", RemotingServerConfig.from(config.values()), clock);
        registerProcessors();
        server.addConnectionListener(new ConnectionListener() {
            @Override
            public void closed(Connection connection) {
                writer.submitInternal(() -> {
                    for (RemovedBroker removed : registry.connectionClosed(connection)) {
                        LOG.info("broker {} {} dropped: its connection closed", removed.key(),
                            removed.brokerName() == null ? "" : removed.brokerName());
                    }
                });
            }
        });
        writer.start();
        try {
            server.start();
        } catch (RuntimeException e) {
            writer.stop();
            throw e;
        }
        LOG.info("NameServer started on {}: KV config {} ({} namespaces), brokers dropped after {} ms of silence, "
            + "scan every {} ms", server.localAddress(), kv.file(), kv.all().size(), config.brokerChannelExpiredTimeMillis(),
            config.scanNotActiveBrokerIntervalMillis());
    }

    private void registerProcessors() {
        ProcessorExecutor clientPool = new ProcessorExecutor("namesrv-client",
            config.get(NamesrvConfig.CLIENT_REQUEST_THREAD_POOL_NUMS),
            config.get(NamesrvConfig.CLIENT_REQUEST_THREAD_POOL_QUEUE_CAPACITY),
            NamesrvConfig.CLIENT_REQUEST_THREAD_POOL_QUEUE_CAPACITY.name());
        ProcessorExecutor defaultPool = new ProcessorExecutor("namesrv-default",
            config.get(NamesrvConfig.DEFAULT_THREAD_POOL_NUMS),
            config.get(NamesrvConfig.DEFAULT_THREAD_POOL_QUEUE_CAPACITY),
            NamesrvConfig.DEFAULT_THREAD_POOL_QUEUE_CAPACITY.name());
        server.registerProcessor(RequestCode.GET_ROUTEINFO_BY_TOPIC, new RouteQueryProcessor(registry, kv, config, clock),
            clientPool);
        register(new BrokerRegistrationProcessor(registry, kv, config, writer), defaultPool, RequestCode.REGISTER_BROKER,
            RequestCode.UNREGISTER_BROKER, RequestCode.QUERY_DATA_VERSION, RequestCode.BROKER_HEARTBEAT,
            RequestCode.REGISTER_TOPIC_IN_NAMESRV, HeaderCatalog.GET_BROKER_MEMBER_GROUP);
        register(new TopicAdminProcessor(registry, writer), defaultPool, RequestCode.DELETE_TOPIC_IN_NAMESRV,
            RequestCode.WIPE_WRITE_PERM_OF_BROKER, RequestCode.ADD_WRITE_PERM_OF_BROKER);
        register(new ClusterQueryProcessor(registry, config), defaultPool, RequestCode.GET_BROKER_CLUSTER_INFO,
            RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, RequestCode.GET_TOPICS_BY_CLUSTER,
            RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, RequestCode.GET_UNIT_TOPIC_LIST,
            RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST, RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST);
        register(new KvConfigProcessor(kv, writer), defaultPool, RequestCode.PUT_KV_CONFIG, RequestCode.GET_KV_CONFIG,
            RequestCode.DELETE_KV_CONFIG, RequestCode.GET_KVLIST_BY_NAMESPACE);
        register(new NamesrvConfigProcessor(config, writer), defaultPool, RequestCode.UPDATE_NAMESRV_CONFIG,
            RequestCode.GET_NAMESRV_CONFIG);
    }

    private void register(dev.petrel.remoting.RequestProcessor processor, ProcessorExecutor pool, int... codes) {
        for (int code : codes) {
            server.registerProcessor(code, processor, pool);
        }
    }

    private static void closeConnection(Object handle) {
        if (handle instanceof Connection connection) {
            connection.close();
        }
    }

    /** The bound port (the real one when {@code listenPort} was 0). */
    public int port() {
        return localAddress().getPort();
    }

    public synchronized InetSocketAddress localAddress() {
        if (server == null) {
            throw new IllegalStateException("the NameServer is not started");
        }
        return server.localAddress();
    }

    /** The route registry; read it from any thread, but change it only through requests. */
    public RouteRegistry registry() {
        return registry;
    }

    /**
     * The NameServer's Prometheus families, collected when scraped; the launcher serves them on
     * {@code metricsPromExporterPort}. The NameServer opens no metrics port itself.
     */
    public NamesrvMetrics metrics() {
        return new NamesrvMetrics(registry, this::remotingMetrics,
            MetricsConfig.settings(config.values(), MetricsConfig.NAMESRV_PROM_EXPORTER_PORT).labels());
    }

    private synchronized RemotingMetrics remotingMetrics() {
        return server == null ? null : server.metrics();
    }

    /** Scans for silent brokers run so far (tests wait for one). */
    long scans() {
        return writer == null ? 0 : writer.scans();
    }

    public NamesrvConfig config() {
        return config;
    }

    /** Stops accepting requests, closes connections, then stops the writer after what it has queued. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (server != null) {
            server.close();
        }
        if (writer != null) {
            writer.stop();
        }
        LOG.info("NameServer stopped");
    }
}
