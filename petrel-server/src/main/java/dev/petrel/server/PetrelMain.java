package dev.petrel.server;

import dev.petrel.server.bench.BenchCommand;
import dev.petrel.server.launch.Launcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/petrel}: {@code petrel namesrv | broker | standalone [-c FILE] [-n ADDR] [-p]}.
 *
 * <p>No logger is touched here: the subcommand first names the log file (see {@link Launcher}).
 */
@Command(name = "petrel", mixinStandardHelpOptions = true, versionProvider = PetrelMain.Version.class,
    subcommands = {NamesrvCommand.class, BrokerCommand.class, StandaloneCommand.class, BenchCommand.class,
        CommandLine.HelpCommand.class},
    description = "Petrel: a message queue that speaks Apache RocketMQ's protocol and reads its property files.",
    footer = {"", "Properties: docs/configuration.md. Operations: docs/operations.md."})
public final class PetrelMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        int code = new CommandLine(new PetrelMain()).execute(args);
        if (code != Launcher.RUNNING) {
            System.exit(code);
        }
        // The roles ran and a shutdown hook stopped them: the JVM is already exiting, and System.exit would block.
    }

    /** {@code petrel} without a subcommand: usage, exit code 2. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose a command: namesrv, broker or standalone");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = PetrelMain.class.getPackage().getImplementationVersion();
            return new String[] {"Petrel " + (version == null ? "(development build)" : version)};
        }
    }
}
