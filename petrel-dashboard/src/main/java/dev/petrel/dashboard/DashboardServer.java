package dev.petrel.dashboard;

import com.sun.net.httpserver.HttpServer;
import dev.petrel.dashboard.DashboardConfig.Settings;
import dev.petrel.canary.CanaryReport;
import dev.petrel.dashboard.api.CanaryApi;
import dev.petrel.dashboard.api.ClusterApi;
import dev.petrel.dashboard.api.DashboardClients;
import dev.petrel.dashboard.api.GroupApi;
import dev.petrel.dashboard.api.MessageApi;
import dev.petrel.dashboard.api.TopicApi;
import dev.petrel.dashboard.http.ApiRouter;
import dev.petrel.dashboard.http.RequestReader;
import dev.petrel.dashboard.http.StaticAssets;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The web dashboard: the JDK's HTTP server with the JSON API under {@code /api/} and the pages from this jar. It
 * speaks to the cluster only through the admin protocol ({@link DashboardClients}), so it works against Apache
 * brokers as well as Petrel's. Requests run on {@code dashboardThreads} threads named {@code petrel-dashboard-N};
 * at most 256 more wait, and requests beyond those are dropped unanswered (the admin calls behind a page block, so a
 * bounded pool is the back-pressure; an exception from the executor would stop the JDK server's dispatcher). Start
 * once, close once.
 */
public final class DashboardServer implements AutoCloseable {

    private static final int BACKLOG = 64;
    private static final int QUEUED = 256;

    private final Settings settings;
    private final DashboardClients clients;
    private Supplier<Optional<CanaryReport>> canary = Optional::empty;
    private HttpServer server;
    private ThreadPoolExecutor executor;

    public DashboardServer(Settings settings) {
        this.settings = settings;
        this.clients = new DashboardClients(settings.namesrvAddr(), Duration.ofMillis(settings.adminTimeoutMillis()),
            settings.credentials());
    }

    /**
     * Shows the figures of the canary of this process (standalone's, with {@code canaryEnable=true}) on the canary
     * page; call before {@link #start}. Without it the page says no canary runs here.
     *
     * @param report the canary's report, empty while it has not started
     */
    public DashboardServer canary(Supplier<Optional<CanaryReport>> report) {
        this.canary = report;
        return this;
    }

    /** The API's paths (docs/dashboard.md, "API"). */
    static ApiRouter routes(DashboardClients clients, RequestReader reader, boolean readOnly,
                            Supplier<Optional<CanaryReport>> canaryReport) {
        ClusterApi cluster = new ClusterApi(clients, readOnly);
        CanaryApi canary = new CanaryApi(canaryReport);
        TopicApi topics = new TopicApi(clients);
        GroupApi groups = new GroupApi(clients);
        MessageApi messages = new MessageApi(clients);
        return new ApiRouter(reader, readOnly)
            .get("/api/settings", r -> Map.of("namesrvAddr", clients.namesrvAddr(), "readOnly", readOnly))
            .get("/api/overview", r -> cluster.overview())
            .get("/api/topics", r -> topics.list())
            .get("/api/topic", topics::detail)
            .post("/api/topic/createOrUpdate", topics::createOrUpdate)
            .post("/api/topic/delete", topics::delete)
            .get("/api/groups", r -> groups.list())
            .get("/api/group", groups::detail)
            .post("/api/group/resetOffset", groups::resetOffset)
            .post("/api/group/createOrUpdate", groups::createOrUpdate)
            .post("/api/group/delete", groups::delete)
            .get("/api/canary", r -> canary.report())
            .get("/api/producers", groups::producers)
            .get("/api/message", messages::byId)
            .get("/api/messages/byKey", messages::byKey)
            .get("/api/messages/byTime", messages::byTime)
            .get("/api/dlq", messages::deadLetters)
            .post("/api/message/send", messages::send)
            .post("/api/message/resend", messages::resend);
    }

    /**
     * Binds and serves.
     *
     * @throws IllegalStateException naming {@code dashboardPort} when the port is taken
     */
    public DashboardServer start() {
        AtomicInteger n = new AtomicInteger();
        executor = new ThreadPoolExecutor(settings.threads(), settings.threads(), 60, TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(QUEUED), r -> {
                Thread t = new Thread(r, "petrel-dashboard-" + n.incrementAndGet());
                t.setDaemon(true);
                return t;
            }, new ThreadPoolExecutor.DiscardPolicy());
        try {
            server = HttpServer.create(new InetSocketAddress(settings.address(), settings.port()), BACKLOG);
        } catch (BindException e) {
            executor.shutdownNow();
            throw new IllegalStateException("the dashboard cannot listen on " + settings.address() + ":" + settings.port()
                + " (" + e.getMessage() + "): choose another dashboardPort, or dashboardEnable=false");
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("the dashboard cannot listen on " + settings.address() + ":" + settings.port(), e);
        }
        server.createContext("/api/", routes(clients, new RequestReader(settings.maxRequestBytes()), settings.readOnly(),
            canary));
        server.createContext("/", new StaticAssets());
        server.setExecutor(executor);
        server.start();
        return this;
    }

    public int port() {
        return server == null ? settings.port() : server.getAddress().getPort();
    }

    /** {@code http://host:port/}, for the ready line and tests. */
    public String url() {
        return "http://" + settings.address() + ":" + port() + "/";
    }

    public boolean readOnly() {
        return settings.readOnly();
    }

    @Override
    public void close() {
        if (server != null) {
            server.stop(0);
        }
        if (executor != null) {
            executor.shutdownNow();
        }
        clients.close();
    }
}
