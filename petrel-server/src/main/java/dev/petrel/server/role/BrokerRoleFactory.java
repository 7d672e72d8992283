package dev.petrel.server.role;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerIdentity;
import dev.petrel.broker.BrokerServer;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.store.StoreConfig;
import java.util.Optional;

/** The broker role: {@link BrokerServer} with every broker.conf property ({@link BrokerConfig#FILE}). */
public final class BrokerRoleFactory implements RoleFactory {

    public static final String NAME = "broker";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "broker";
    }

    @Override
    public ConfigDef definition() {
        return BrokerConfig.FILE;
    }

    @Override
    public ServerRole create(Config config, Clock clock) {
        BrokerServer broker = new BrokerServer(config, clock);
        return new ServerRole() {
            @Override
            public void start() {
                broker.start();
            }

            @Override
            public String describe() {
                BrokerIdentity id = broker.identity();
                return "broker " + id.brokerName() + " of cluster " + id.clusterName() + " on " + id.address()
                    + " (store " + StoreConfig.Settings.of(config).rootDir() + ")";
            }

            @Override
            public Optional<RoleMetrics> metrics() {
                return Optional.of(new RoleMetrics(MetricsConfig.settings(config, MetricsConfig.BROKER_PROM_EXPORTER_PORT),
                    broker.metrics()));
            }

            @Override
            public void close() {
                broker.close();
            }
        };
    }
}
