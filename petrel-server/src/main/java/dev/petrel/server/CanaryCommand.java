package dev.petrel.server;

import dev.petrel.canary.CanaryConfig;
import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.role.CanaryRoleFactory;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code petrel canary -n ADDR}: the correctness canary against a cluster (docs/operations.md, "Correctness canary"),
 * with its Prometheus endpoint on 5559 and a summary line on the console every minute, until SIGTERM.
 */
@Command(name = "canary", mixinStandardHelpOptions = true,
    description = "Send sequenced messages to every broker and read them back: counts lost, duplicated and "
        + "out-of-order messages and the end-to-end latency (metrics on 5559).")
final class CanaryCommand extends ServeCommand {

    @Override
    protected String name() {
        return "canary";
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        return List.of(new RolePlan(new CanaryRoleFactory(CanaryConfig.COMMAND, CanaryConfig.PROM_EXPORTER_PORT,
            launcher.console()::info), raw));
    }
}
