package dev.petrel.server;

import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.role.Roles;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;

/** {@code petrel namesrv}: the NameServer alone (RocketMQ's {@code mqnamesrv}). */
@Command(name = "namesrv", mixinStandardHelpOptions = true,
    description = "Run a NameServer (default port 9876). Properties: docs/configuration.md, section NameServer.")
final class NamesrvCommand extends ServeCommand {

    @Override
    protected String name() {
        return "namesrv";
    }

    @Override
    protected Set<String> extraKeys() {
        return Set.of("namesrvAddr");
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        Map<String, String> properties = new LinkedHashMap<>(raw);
        if (options.namesrvAddr() != null) {
            launcher.console().warn("-n is ignored by the NameServer: it is the address others use to find it");
        }
        properties.remove("namesrvAddr");
        if (options.configFile() != null) {
            // As RocketMQ does: UPDATE_NAMESRV_CONFIG saves into the -c file unless the file says otherwise.
            properties.putIfAbsent(NamesrvConfig.CONFIG_STORE_PATH.name(), options.configFile().toString());
        }
        return List.of(new RolePlan(Roles.namesrv(), properties));
    }
}
