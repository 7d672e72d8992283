package dev.petrel.server.role;

import dev.petrel.metrics.MetricsConfig;
import io.prometheus.metrics.model.registry.MultiCollector;

/**
 * What a role gives the process's metrics endpoint: its settings ({@code metricsExporterType},
 * {@code metricsPromExporterHost}/{@code Port}, {@code metricsLabel}) and its families.
 */
public record RoleMetrics(MetricsConfig.Settings settings, MultiCollector collector) {
}
