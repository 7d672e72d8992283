package dev.petrel.server;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.canary.CanaryConfig;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.store.StoreConfig;
import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.launch.StandaloneConfig;
import dev.petrel.server.role.CanaryRoleFactory;
import dev.petrel.server.role.DashboardRoleFactory;
import dev.petrel.server.role.RoleFactory;
import dev.petrel.server.role.Roles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;

/**
 * {@code petrel standalone}: a NameServer, a broker and the web dashboard in one JVM, with defaults. The NameServer
 * listens on the port of {@code namesrvAddr} (default 127.0.0.1:9876), so {@code listenPort} stays the broker's; the
 * dashboard on {@code dashboardPort} (8082). With {@code canaryEnable=true} a correctness canary runs against the
 * broker too, after it (its families on the same endpoint, its summary line in the log file).
 */
@Command(name = "standalone", mixinStandardHelpOptions = true,
    description = "Run a NameServer, a broker and the web dashboard in one JVM (NameServer on 9876, broker on 10911, "
        + "dashboard on http://127.0.0.1:8082/). "
        + "Data goes to ~/petrel unless storePathRootDir / kvConfigPath say otherwise.")
final class StandaloneCommand extends ServeCommand {

    @Override
    protected String name() {
        return "standalone";
    }

    @Override
    protected Set<String> extraKeys() {
        // the canary's keys are read even when it is off (canaryEnable=false): no warning for a file that has them
        Set<String> keys = new HashSet<>(Set.of(StandaloneConfig.NAMESRV_ADDR.name(), CanaryConfig.ENABLE.name()));
        for (ConfigKey<?> key : CanaryConfig.OWN.keys()) {
            keys.add(key.name());
        }
        return keys;
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        String namesrvAddr = StandaloneConfig.DEFINITION.parse(
            raw.containsKey("namesrvAddr") ? Map.of("namesrvAddr", raw.get("namesrvAddr")) : Map.of(), unknown -> { })
            .get(StandaloneConfig.NAMESRV_ADDR);
        List<RolePlan> plans = new ArrayList<>();
        for (RoleFactory role : Roles.standalone()) {
            Map<String, String> properties = new LinkedHashMap<>(raw);
            if (role == Roles.namesrv()) {
                properties.put(NamesrvConfig.LISTEN_PORT.name(), String.valueOf(StandaloneConfig.firstPort(namesrvAddr)));
                properties.remove("namesrvAddr");
                properties.putIfAbsent(NamesrvConfig.KV_CONFIG_PATH.name(), StandaloneConfig.DATA_DIR + "/namesrv/kvConfig.json");
                properties.putIfAbsent(NamesrvConfig.CONFIG_STORE_PATH.name(),
                    StandaloneConfig.DATA_DIR + "/namesrv/namesrv.properties");
                // One metrics endpoint for the process: the NameServer's families join the broker's on its port.
                properties.putIfAbsent(MetricsConfig.BROKER_PROM_EXPORTER_PORT.name(),
                    MetricsConfig.BROKER_PROM_EXPORTER_PORT.format(MetricsConfig.BROKER_PROM_EXPORTER_PORT.defaultValue()));
            } else {
                // The broker registers with the embedded NameServer and keeps its store in the standalone data folder.
                properties.put("namesrvAddr", namesrvAddr);
                properties.putIfAbsent(StoreConfig.STORE_PATH_ROOT_DIR.name(), StandaloneConfig.DATA_DIR + "/store");
                properties.putIfAbsent(BrokerConfig.BROKER_NAME.name(), StandaloneConfig.BROKER_NAME);
            }
            plans.add(new RolePlan(role, properties));
        }
        RoleFactory dashboardRole = Roles.dashboard();
        if (canaryEnabled(raw)) {
            Map<String, String> properties = new LinkedHashMap<>(raw);
            properties.put(CanaryConfig.NAMESRV_ADDR.name(), namesrvAddr);
            CanaryRoleFactory canary = new CanaryRoleFactory(CanaryConfig.STANDALONE_ROLE,
                MetricsConfig.BROKER_PROM_EXPORTER_PORT, LoggerFactory.getLogger(CanaryRoleFactory.class)::info);
            plans.add(new RolePlan(canary, properties));
            dashboardRole = new DashboardRoleFactory(canary::report); // its canary page shows this canary's report
        }
        // The dashboard last, administering the embedded NameServer (dashboardEnable=false opens no port).
        Map<String, String> dashboard = new LinkedHashMap<>(raw);
        dashboard.put("namesrvAddr", namesrvAddr);
        plans.add(new RolePlan(dashboardRole, dashboard));
        return plans;
    }

    private static boolean canaryEnabled(Map<String, String> raw) {
        String value = raw.get(CanaryConfig.ENABLE.name());
        return CanaryConfig.IN_STANDALONE.parse(value == null ? Map.of() : Map.of(CanaryConfig.ENABLE.name(), value),
            unknown -> { }).get(CanaryConfig.ENABLE);
    }
}
