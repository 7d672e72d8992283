package dev.petrel.server;

import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.launch.StandaloneConfig;
import dev.petrel.server.role.RoleFactory;
import dev.petrel.server.role.Roles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;

/**
 * {@code petrel standalone}: a NameServer and a broker in one JVM, with defaults. The NameServer listens on the port
 * of {@code namesrvAddr} (default 127.0.0.1:9876), so {@code listenPort} stays the broker's.
 */
@Command(name = "standalone", mixinStandardHelpOptions = true,
    description = "Run a NameServer and a broker in one JVM (NameServer on 9876, broker on 10911). "
        + "Until the broker is part of this build, runs the NameServer alone.")
final class StandaloneCommand extends ServeCommand {

    @Override
    protected String name() {
        return "standalone";
    }

    @Override
    protected Set<String> extraKeys() {
        return Set.of(StandaloneConfig.NAMESRV_ADDR.name());
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
            }
            plans.add(new RolePlan(role, properties));
        }
        if (Roles.broker().isEmpty()) {
            launcher.console().warn("standalone: the broker is not part of this build yet; running the NameServer alone "
                + "on {}", namesrvAddr);
        }
        return plans;
    }
}
