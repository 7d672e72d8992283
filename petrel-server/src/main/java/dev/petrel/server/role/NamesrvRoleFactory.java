package dev.petrel.server.role;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.namesrv.NameServer;
import dev.petrel.namesrv.NamesrvConfig;
import java.net.InetSocketAddress;
import java.util.Optional;

/** The NameServer role: {@link NameServer} with {@link NamesrvConfig}'s properties. */
public final class NamesrvRoleFactory implements RoleFactory {

    public static final String NAME = "namesrv";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "NameServer";
    }

    @Override
    public ConfigDef definition() {
        return NamesrvConfig.DEFINITION;
    }

    @Override
    public ServerRole create(Config config, Clock clock) {
        NameServer nameServer = new NameServer(NamesrvConfig.of(config), clock);
        return new ServerRole() {
            @Override
            public void start() {
                nameServer.start();
            }

            @Override
            public String describe() {
                InetSocketAddress address = nameServer.localAddress();
                String host = address.getAddress().isAnyLocalAddress() ? "0.0.0.0"
                    : address.getAddress().getHostAddress();
                return "NameServer on " + host + ":" + address.getPort();
            }

            @Override
            public Optional<RoleMetrics> metrics() {
                return Optional.of(new RoleMetrics(
                    MetricsConfig.settings(config, MetricsConfig.NAMESRV_PROM_EXPORTER_PORT), nameServer.metrics()));
            }

            @Override
            public void close() {
                nameServer.close();
            }
        };
    }
}
