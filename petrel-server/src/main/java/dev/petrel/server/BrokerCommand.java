package dev.petrel.server;

import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.role.Roles;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code petrel broker}: a broker (RocketMQ's {@code mqbroker}) reading RocketMQ's broker.conf properties. */
@Command(name = "broker", mixinStandardHelpOptions = true,
    description = "Run a broker (default port 10911) registering with -n / namesrvAddr.")
final class BrokerCommand extends ServeCommand {

    @Override
    protected String name() {
        return "broker";
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        return List.of(new RolePlan(Roles.broker().orElseThrow(), raw));
    }
}
