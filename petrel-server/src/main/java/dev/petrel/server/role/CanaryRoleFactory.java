package dev.petrel.server.role;

import dev.petrel.canary.Canary;
import dev.petrel.canary.CanaryConfig;
import dev.petrel.canary.CanaryReport;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsConfig;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The correctness canary as a role: {@code petrel canary} (its own metrics port, 5559, and its summary line on the
 * console) and, with {@code canaryEnable=true}, inside {@code petrel standalone} (the standalone's endpoint, the
 * summary in the log file only).
 */
public final class CanaryRoleFactory implements RoleFactory {

    public static final String NAME = "canary";

    private final ConfigDef definition;
    private final ConfigKey<Integer> portKey;
    private final Consumer<String> summaries;
    private volatile Canary running;

    /**
     * @param definition what the role reads ({@link CanaryConfig#COMMAND} or {@link CanaryConfig#STANDALONE_ROLE})
     * @param portKey    the metrics port key of that definition
     * @param summaries  where the summary line goes
     */
    public CanaryRoleFactory(ConfigDef definition, ConfigKey<Integer> portKey, Consumer<String> summaries) {
        this.definition = definition;
        this.portKey = portKey;
        this.summaries = summaries;
    }

    /**
     * The report of the canary this factory started, while it runs (and its last one after it stopped): what a page
     * of the same process (standalone's dashboard) shows. Empty before the start.
     */
    public Optional<CanaryReport> report() {
        Canary c = running;
        return c == null ? Optional.empty() : Optional.of(c.report());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "correctness canary";
    }

    @Override
    public ConfigDef definition() {
        return definition;
    }

    @Override
    public ServerRole create(Config config, Clock clock) {
        CanaryConfig.Settings settings = CanaryConfig.Settings.of(config);
        MetricsConfig.Settings metrics = MetricsConfig.settings(config, portKey);
        return new ServerRole() {
            private Canary canary;

            @Override
            public void start() {
                canary = Canary.start(settings, clock, () -> true, summaries);
                running = canary;
            }

            @Override
            public String describe() {
                return canary.describe();
            }

            @Override
            public Optional<RoleMetrics> metrics() {
                Labels constant = Labels.EMPTY;
                for (Map.Entry<String, String> e : metrics.labels().entrySet()) {
                    constant = constant.add(e.getKey(), e.getValue());
                }
                return Optional.of(new RoleMetrics(metrics, canary.metrics(constant)));
            }

            @Override
            public void close() {
                if (canary != null) {
                    canary.close();
                }
            }
        };
    }
}
