package dev.petrel.metrics;

/**
 * RocketMQ 5's {@code metricsExporterType} values. Petrel serves {@link #PROM} (its default) and {@link #DISABLE};
 * the push exporters are refused at start with a message saying so ({@link MetricsConfig#settings}).
 */
public enum ExporterType {
    DISABLE, OTLP_GRPC, PROM, LOG
}
