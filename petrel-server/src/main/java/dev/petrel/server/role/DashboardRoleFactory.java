package dev.petrel.server.role;

import dev.petrel.canary.CanaryReport;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.time.Clock;
import dev.petrel.dashboard.DashboardConfig;
import dev.petrel.dashboard.DashboardServer;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The web dashboard role ({@code bin/petrel dashboard}, and the last role of {@code standalone}): a
 * {@link DashboardServer} on {@code dashboardPort}, or nothing with {@code dashboardEnable=false}.
 */
public final class DashboardRoleFactory implements RoleFactory {

    public static final String NAME = "dashboard";

    private final Supplier<Optional<CanaryReport>> canary;

    /** A dashboard without a canary beside it ({@code petrel dashboard}, standalone without one). */
    public DashboardRoleFactory() {
        this(Optional::empty);
    }

    /** @param canary the report of the canary of the same process (standalone's), shown on the canary page */
    public DashboardRoleFactory(Supplier<Optional<CanaryReport>> canary) {
        this.canary = canary;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "web dashboard";
    }

    @Override
    public ConfigDef definition() {
        return DashboardConfig.DEF;
    }

    @Override
    public ServerRole create(Config config, Clock clock) {
        DashboardConfig.Settings settings = DashboardConfig.Settings.of(config);
        return new ServerRole() {
            private DashboardServer server;

            @Override
            public void start() {
                if (settings.enabled()) {
                    server = new DashboardServer(settings).canary(canary).start();
                }
            }

            @Override
            public String describe() {
                if (server == null) {
                    return "dashboard off (dashboardEnable=false)";
                }
                return "dashboard on " + server.url() + (server.readOnly() ? " (read-only)" : "")
                    + (settings.credentials() == null ? "" : ", signing as " + settings.credentials().accessKey());
            }

            @Override
            public void close() {
                if (server != null) {
                    server.close();
                }
            }
        };
    }
}
