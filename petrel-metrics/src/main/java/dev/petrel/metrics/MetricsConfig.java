package dev.petrel.metrics;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The metrics endpoint's properties, with RocketMQ 5's names ({@code metricsExporterType},
 * {@code metricsPromExporterHost}, {@code metricsPromExporterPort}, {@code metricsLabel}). The broker and the
 * NameServer read the same names with their own port default: {@link #BROKER} (5557, RocketMQ's) and
 * {@link #NAMESRV} (5558, so both fit on one host). Unlike RocketMQ the endpoint is on unless
 * {@code metricsExporterType=DISABLE}.
 */
public final class MetricsConfig {

    /** The environment variable that changes {@code metricsExporterType}'s default (the test build sets DISABLE). */
    public static final String EXPORTER_TYPE_VARIABLE = "PETREL_METRICS_EXPORTER_TYPE";

    private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    public static final ConfigKey<ExporterType> EXPORTER_TYPE = ConfigKey.ofEnum("metricsExporterType",
        ExporterType.class, ExporterType.PROM, "PROM serves Prometheus' text format on metricsPromExporterPort "
            + "(/metrics and /); DISABLE opens no port. OTLP_GRPC and LOG (RocketMQ's push exporters) are refused.")
        .orEnvironmentVariable(EXPORTER_TYPE_VARIABLE);
    public static final ConfigKey<String> PROM_EXPORTER_HOST = ConfigKey.ofString("metricsPromExporterHost", "",
        "Address the metrics endpoint binds; blank: every interface, as the remoting listener (RocketMQ binds "
            + "brokerIP1).");
    public static final ConfigKey<Integer> BROKER_PROM_EXPORTER_PORT = ConfigKey.ofInt("metricsPromExporterPort", 5557,
        0, 65535, "TCP port of the broker's metrics endpoint (also standalone's, which serves both roles on it); a port "
            + "in use fails the start with a message naming this property; 0 picks a free port.");
    public static final ConfigKey<Integer> NAMESRV_PROM_EXPORTER_PORT = ConfigKey.ofInt("metricsPromExporterPort", 5558,
        0, 65535, "TCP port of the NameServer's metrics endpoint; a port in use fails the start with a message naming "
            + "this property; 0 picks a free port.");
    public static final ConfigKey<String> METRICS_LABEL = ConfigKey.ofString("metricsLabel", "",
        MetricsConfig::validLabels, "k1:v1,k2:v2", "Constant labels added to every series.");

    /** The broker's keys (broker.conf). */
    public static final ConfigDef BROKER = ConfigDef.of("metrics (broker)", EXPORTER_TYPE, PROM_EXPORTER_HOST,
        BROKER_PROM_EXPORTER_PORT, METRICS_LABEL);
    /** The NameServer's keys (namesrv.conf). */
    public static final ConfigDef NAMESRV = ConfigDef.of("metrics (NameServer)", EXPORTER_TYPE, PROM_EXPORTER_HOST,
        NAMESRV_PROM_EXPORTER_PORT, METRICS_LABEL);

    /**
     * What one role asks of the endpoint.
     *
     * @param enabled whether an endpoint is wanted at all
     * @param host    bind address; blank means every interface
     * @param labels  constant labels from {@code metricsLabel}, in the order given
     */
    public record Settings(boolean enabled, String host, int port, Map<String, String> labels) {
        public Settings {
            labels = Map.copyOf(labels);
        }
    }

    private MetricsConfig() {
    }

    /**
     * The settings in {@code config} (parsed with a definition holding {@link #BROKER} or {@link #NAMESRV}).
     *
     * @throws ConfigException for an exporter type Petrel does not have
     */
    public static Settings settings(Config config, ConfigKey<Integer> portKey) {
        ExporterType type = config.get(EXPORTER_TYPE);
        if (type == ExporterType.OTLP_GRPC || type == ExporterType.LOG) {
            throw new ConfigException("property " + EXPORTER_TYPE.name() + "=" + type + " is not supported by Petrel, "
                + "which serves Prometheus only: use PROM (the default) or DISABLE");
        }
        return new Settings(type == ExporterType.PROM, config.get(PROM_EXPORTER_HOST), config.get(portKey),
            parseLabels(config.get(METRICS_LABEL)));
    }

    /** {@code k1:v1,k2:v2} → ordered map; blank → empty. */
    static Map<String, String> parseLabels(String text) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return labels;
        }
        for (String pair : text.split(",")) {
            int colon = pair.indexOf(':');
            labels.put(pair.substring(0, colon).trim(), pair.substring(colon + 1).trim());
        }
        return labels;
    }

    private static boolean validLabels(String text) {
        if (text.isBlank()) {
            return true;
        }
        for (String pair : text.split(",")) {
            int colon = pair.indexOf(':');
            if (colon <= 0 || !LABEL_NAME.matcher(pair.substring(0, colon).trim()).matches()) {
                return false;
            }
        }
        return true;
    }
}
