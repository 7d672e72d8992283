package dev.petrel.server;

import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.role.Roles;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code petrel dashboard -n ADDR}: the web dashboard alone, administering any RocketMQ cluster (Petrel's or
 * Apache's) through its NameServer. Properties: docs/configuration.md, section Dashboard; pages: docs/dashboard.md.
 */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
    description = "Run the web dashboard (http://127.0.0.1:8082/) for the cluster of the NameServer given by -n "
        + "(Petrel or Apache RocketMQ). Properties: docs/configuration.md, section Dashboard.")
final class DashboardCommand extends ServeCommand {

    @Override
    protected String name() {
        return "dashboard";
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        return List.of(new RolePlan(Roles.dashboard(), raw));
    }
}
