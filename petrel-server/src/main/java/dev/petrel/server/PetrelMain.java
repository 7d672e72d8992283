package dev.petrel.server;

import dev.petrel.server.bench.BenchCommand;
import dev.petrel.server.launch.Launcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/petrel}: {@code petrel namesrv | broker | standalone | canary | dashboard [-c FILE] [-n ADDR] [-p]},
 * {@code petrel bench ...},
 * and the operator tools {@code petrel admin | send | consume} (petrel-admin).
 *
 * <p>No logger is touched here: the subcommand first names the log file (see {@link Launcher}).
 */
@Command(name = "petrel", mixinStandardHelpOptions = true, versionProvider = PetrelMain.Version.class,
    subcommands = {NamesrvCommand.class, BrokerCommand.class, StandaloneCommand.class, CanaryCommand.class,
        DashboardCommand.class,
        BenchCommand.class,
        ToolCommands.Admin.class, ToolCommands.Send.class, ToolCommands.Consume.class, CommandLine.HelpCommand.class},
    description = "Petrel: a message queue that speaks Apache RocketMQ's protocol and reads its property files.",
    footer = {"", "Properties: docs/configuration.md. Operations: docs/operations.md."})
public final class PetrelMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        if (args.length > 0 && ToolCommands.NAMES.contains(args[0])) {
            // admin, send, consume parse mqadmin's flags themselves: hand them the arguments exactly as typed
            System.exit(ToolCommands.run(args[0], java.util.List.of(args).subList(1, args.length)));
        }
        int code = commandLine().execute(args);
        if (code != Launcher.RUNNING) {
            System.exit(code);
        }
        // The roles ran and a shutdown hook stopped them: the JVM is already exiting, and System.exit would block.
    }

    /** The launcher's command line (picocli), tools included. */
    static CommandLine commandLine() {
        CommandLine root = new CommandLine(new PetrelMain());
        ToolCommands.forTools(root);
        return root;
    }

    /** {@code petrel} without a subcommand: usage, exit code 2. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "choose a command: namesrv, broker, standalone, canary, dashboard, admin, send, consume or bench");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = PetrelMain.class.getPackage().getImplementationVersion();
            return new String[] {"Petrel " + (version == null ? "(development build)" : version)};
        }
    }
}
