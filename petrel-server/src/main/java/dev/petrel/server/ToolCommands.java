package dev.petrel.server;

import dev.petrel.admin.cli.AdminCli;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code petrel admin | send | consume}: the operator tools of petrel-admin. Their arguments are mqadmin's
 * ({@code -n}, {@code -t}, ...), parsed by petrel-admin itself, so picocli hands everything after the command over
 * untouched ({@link #forTools}). Exit codes: docs/operations.md, "Admin CLI".
 */
final class ToolCommands {

    private ToolCommands() {
    }

    /** The tool names {@link PetrelMain} passes straight through. */
    static final List<String> NAMES = List.of("admin", "send", "consume");

    /**
     * Runs a tool: its log lines go to {@code logs/<tool>.log} and not to the console (the console is the tool's
     * output), unless {@code -Dpetrel.console.level} says otherwise.
     */
    static int run(String tool, List<String> args) {
        if (System.getProperty("petrel.role") == null) {
            System.setProperty("petrel.role", tool);
        }
        if (System.getProperty("petrel.console.level") == null) {
            System.setProperty("petrel.console.level", "OFF");
        }
        return switch (tool) {
            case "admin" -> AdminCli.admin(args, System.out, System.err, System.getenv(),
                List.of(MigratePlainAclCommand.command()));
            case "send" -> AdminCli.send(args, System.out, System.err, System.getenv());
            case "consume" -> AdminCli.consume(args, System.out, System.err, System.getenv());
            default -> throw new IllegalArgumentException("not a tool: " + tool);
        };
    }

    /** Makes picocli collect a tool's arguments verbatim. */
    static void forTools(CommandLine root) {
        for (String name : NAMES) {
            root.getSubcommands().get(name).setStopAtUnmatched(true).setUnmatchedArgumentsAllowed(true);
        }
    }

    /** Base: every argument after the tool's name, as typed. */
    abstract static class Tool implements Callable<Integer> {
        @CommandLine.Unmatched
        List<String> args = new ArrayList<>();

        abstract String name();

        @Override
        public Integer call() {
            return run(name(), args);
        }
    }

    @Command(name = "admin", description = "Administer a cluster with mqadmin's commands: petrel admin --help lists them.")
    static final class Admin extends Tool {
        @Override
        String name() {
            return "admin";
        }
    }

    @Command(name = "send", description = "Send one message: petrel send -n ADDR -t TOPIC [-k KEY] [--tag TAG] BODY...")
    static final class Send extends Tool {
        @Override
        String name() {
            return "send";
        }
    }

    @Command(name = "consume", description = "Consume and print messages: petrel consume -n ADDR -t TOPIC [-g GROUP] [--count N]")
    static final class Consume extends Tool {
        @Override
        String name() {
            return "consume";
        }
    }
}
