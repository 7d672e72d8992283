package dev.petrel.server.launch;

import dev.petrel.metrics.MetricsConfig;
import dev.petrel.metrics.MetricsEndpoint;
import dev.petrel.server.role.RoleMetrics;
import dev.petrel.server.role.ServerRole;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The process's metrics endpoints as roles of their own, started after the roles they serve and closed before them.
 * Roles asking for the same {@code metricsPromExporterPort} share one endpoint (standalone's NameServer and broker);
 * a role with {@code metricsExporterType=DISABLE} is served by none. The JVM's families are on every endpoint.
 */
final class MetricsRole implements ServerRole {

    private final int port;
    private final String host;
    private final Labels labels;
    private final List<MultiCollector> collectors;
    private MetricsEndpoint endpoint;

    private MetricsRole(int port, String host, Labels labels, List<MultiCollector> collectors) {
        this.port = port;
        this.host = host;
        this.labels = labels;
        this.collectors = collectors;
    }

    /** One endpoint role per distinct port among the enabled roles, in the order the roles came. */
    static List<MetricsRole> plan(List<ServerRole> roles) {
        Map<Integer, List<RoleMetrics>> byPort = new LinkedHashMap<>();
        for (ServerRole role : roles) {
            Optional<RoleMetrics> m = role.metrics();
            if (m.isPresent() && m.get().settings().enabled()) {
                byPort.computeIfAbsent(m.get().settings().port(), p -> new ArrayList<>()).add(m.get());
            }
        }
        List<MetricsRole> endpoints = new ArrayList<>();
        byPort.forEach((port, members) -> {
            String host = "";
            Labels labels = Labels.EMPTY;
            List<MultiCollector> collectors = new ArrayList<>();
            for (RoleMetrics m : members) {
                MetricsConfig.Settings s = m.settings();
                if (host.isBlank() && !s.host().isBlank()) {
                    host = s.host();
                }
                for (Map.Entry<String, String> e : s.labels().entrySet()) {
                    if (!labels.contains(e.getKey())) {
                        labels = labels.add(e.getKey(), e.getValue());
                    }
                }
                collectors.add(m.collector());
            }
            endpoints.add(new MetricsRole(port, host, labels, collectors));
        });
        return endpoints;
    }

    @Override
    public void start() {
        endpoint = MetricsEndpoint.start(host, port, labels, collectors);
    }

    @Override
    public String describe() {
        String shown = host.isBlank() ? "0.0.0.0" : host;
        return "metrics on http://" + shown + ":" + (endpoint == null ? port : endpoint.port()) + "/metrics";
    }

    @Override
    public void close() {
        if (endpoint != null) {
            endpoint.close();
        }
    }
}
