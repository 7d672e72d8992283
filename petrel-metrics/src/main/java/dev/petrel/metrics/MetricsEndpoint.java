package dev.petrel.metrics;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One process's Prometheus endpoint: the Prometheus Java client's {@link HTTPServer} (the JDK's HTTP server; no Netty)
 * over a registry of its own holding the roles' collectors and the JVM's. Every family is collected when a scrape
 * arrives, from counters the roles keep anyway; nothing here runs between scrapes.
 *
 * <p>Threads: {@code petrel-metrics-http-N} (two, daemon) answer scrapes; a collector is called on them and must be
 * safe to call from any thread.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetricsEndpoint.class);
    private static final int THREADS = 2;

    private final HTTPServer server;
    private final InetSocketAddress address;

    private MetricsEndpoint(HTTPServer server, InetSocketAddress address) {
        this.server = server;
        this.address = address;
    }

    /**
     * Binds and starts serving {@code /metrics} (and {@code /}, and {@code /-/healthy}).
     *
     * @param host       the address to bind; blank: every interface
     * @param port       the port; 0 picks a free one
     * @param jvmLabels  constant labels of the JVM families (the process's {@code metricsLabel} pairs)
     * @param collectors the roles' families
     * @throws IllegalStateException when the port cannot be bound, naming the property to change
     */
    public static MetricsEndpoint start(String host, int port, Labels jvmLabels, List<MultiCollector> collectors) {
        PrometheusRegistry registry = new PrometheusRegistry();
        JvmMetrics.builder().constLabels(jvmLabels).register(registry);
        collectors.forEach(registry::register);
        InetSocketAddress bind = host == null || host.isBlank() ? new InetSocketAddress(port)
            : new InetSocketAddress(host, port);
        ExecutorService threads = executor();
        try {
            HTTPServer server = HTTPServer.builder().inetAddress(bind.getAddress()).port(port).registry(registry)
                .executorService(threads).buildAndStart();
            InetSocketAddress bound = new InetSocketAddress(bind.getAddress(), server.getPort());
            LOG.info("metrics endpoint on http://{}:{}/metrics", bound.getAddress().getHostAddress(), bound.getPort());
            return new MetricsEndpoint(server, bound);
        } catch (IOException e) {
            threads.shutdownNow();
            throw new IllegalStateException("the metrics endpoint cannot listen on " + describe(bind) + " ("
                + e.getMessage() + "): set metricsPromExporterPort to a free port (or metricsPromExporterHost to "
                + "another address), or metricsExporterType=DISABLE to run without metrics", e);
        }
    }

    private static String describe(InetSocketAddress bind) {
        String host = bind.getAddress() == null || bind.getAddress().isAnyLocalAddress() ? "0.0.0.0"
            : bind.getAddress().getHostAddress();
        return host + ":" + bind.getPort();
    }

    private static ExecutorService executor() {
        AtomicInteger n = new AtomicInteger();
        return new ThreadPoolExecutor(THREADS, THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "petrel-metrics-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** The bound address (the port chosen when 0 was asked). */
    public InetSocketAddress address() {
        return address;
    }

    public int port() {
        return address.getPort();
    }

    /** Stops listening; in-flight scrapes are cut. */
    @Override
    public void close() {
        server.close();
    }
}
