package dev.petrel.server;

import dev.petrel.server.launch.Launcher;
import dev.petrel.server.launch.RolePlan;
import dev.petrel.server.launch.ServeCommand;
import dev.petrel.server.role.Roles;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code petrel broker}: a broker (RocketMQ's {@code mqbroker}); refuses to start until the broker is built. */
@Command(name = "broker", mixinStandardHelpOptions = true,
    description = "Run a broker (default port 10911) registering with -n / namesrvAddr.")
final class BrokerCommand extends ServeCommand {

    @Override
    protected String name() {
        return "broker";
    }

    @Override
    protected List<RolePlan> plan(Map<String, String> raw, Launcher launcher) {
        return Roles.broker().map(broker -> List.of(new RolePlan(broker, raw))).orElseThrow(() ->
            new dev.petrel.common.config.ConfigException("the broker is not part of this build of Petrel yet; "
                + "'petrel namesrv' runs the NameServer, and Apache RocketMQ's broker can register with it"));
    }
}
