package dev.petrel.admin.cli;

import dev.petrel.admin.command.AclCommands;
import dev.petrel.admin.command.ClusterCommands;
import dev.petrel.admin.command.GroupCommands;
import dev.petrel.admin.command.MessageCommands;
import dev.petrel.admin.command.QuickCommands;
import dev.petrel.admin.command.TopicCommands;
import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.NetworkException;
import dev.petrel.client.NoRouteException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code petrel admin <command> ...}, {@code petrel send ...} and {@code petrel consume ...}: finds the command,
 * parses its flags, runs it and turns the outcome into an exit code.
 *
 * <table>
 *   <caption>exit codes</caption>
 *   <tr><td>{@value #OK}</td><td>done</td></tr>
 *   <tr><td>{@value #REFUSED}</td><td>a server answered with an error code (printed with its remark), or what was
 *   asked for does not exist (no route, unknown cluster, message not found)</td></tr>
 *   <tr><td>{@value #USAGE}</td><td>the command line is wrong; nothing was sent</td></tr>
 *   <tr><td>{@value #CANNOT_CONNECT}</td><td>a NameServer or broker did not answer (refused, unreachable, timed out)</td></tr>
 * </table>
 *
 * Errors go to stderr in one line that says what to do; with {@code --json} stdout also gets
 * {@code {"error":{...}}}. Stateless: every run builds its own clients.
 */
public final class AdminCli {

    public static final int OK = 0;
    public static final int REFUSED = 1;
    public static final int USAGE = 2;
    public static final int CANNOT_CONNECT = 3;

    private static final String ADMIN = "petrel admin";
    private static final Map<String, Command> ADMIN_COMMANDS = index(adminCommands());

    private AdminCli() {
    }

    /** Every {@code petrel admin} command, in the order of the command list. */
    public static List<Command> adminCommands() {
        List<Command> all = new ArrayList<>();
        all.addAll(TopicCommands.all());
        all.addAll(ClusterCommands.all());
        all.addAll(GroupCommands.all());
        all.addAll(MessageCommands.all());
        all.addAll(AclCommands.all());
        return all;
    }

    private static Map<String, Command> index(List<Command> commands) {
        Map<String, Command> byName = new LinkedHashMap<>();
        for (Command c : commands) {
            if (byName.put(c.name(), c) != null) {
                throw new IllegalStateException("command " + c.name() + " declared twice");
            }
        }
        return byName;
    }

    /** {@code petrel admin ARGS}: the first argument names the command. */
    public static int admin(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        return admin(args, out, err, env, List.of());
    }

    /**
     * As {@link #admin(List, PrintStream, PrintStream, Map)} with {@code extra} commands besides petrel-admin's own
     * (petrel-server adds those that need broker code, such as {@code migratePlainAcl}).
     */
    public static int admin(List<String> args, PrintStream out, PrintStream err, Map<String, String> env,
                            List<Command> extra) {
        Map<String, Command> commands = new LinkedHashMap<>(ADMIN_COMMANDS);
        for (Command c : extra) {
            if (commands.put(c.name(), c) != null) {
                throw new IllegalStateException("command " + c.name() + " declared twice");
            }
        }
        return admin(args, out, err, env, commands);
    }

    private static int admin(List<String> args, PrintStream out, PrintStream err, Map<String, String> env,
                             Map<String, Command> commands) {
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            if (args.size() >= 2 && args.get(0).equals("help") && commands.containsKey(args.get(1))) {
                out.print(commands.get(args.get(1)).help(ADMIN));
                return OK;
            }
            (args.isEmpty() ? err : out).print(commandList(commands));
            return args.isEmpty() ? USAGE : OK;
        }
        Command command = commands.get(args.get(0));
        if (command == null) {
            err.println(ADMIN + ": unknown command '" + args.get(0) + "'" + closest(commands, args.get(0))
                + "; run 'petrel admin --help' for the list");
            return USAGE;
        }
        return run(ADMIN, command, args.subList(1, args.size()), out, err, env);
    }

    /** {@code petrel send ARGS}. */
    public static int send(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        return run("petrel", QuickCommands.send(), args, out, err, env);
    }

    /** {@code petrel consume ARGS}. */
    public static int consume(List<String> args, PrintStream out, PrintStream err, Map<String, String> env) {
        return run("petrel", QuickCommands.consume(), args, out, err, env);
    }

    /** Parses and runs one command; never throws for anything a user or a server can cause. */
    public static int run(String tool, Command command, List<String> args, PrintStream out, PrintStream err,
                          Map<String, String> env) {
        String who = tool + " " + command.name();
        boolean json = args.contains("--json");
        ParsedArgs parsed;
        try {
            parsed = command.parser().parse(args);
        } catch (UsageException e) {
            return usage(who, command, e.getMessage(), err, tool);
        }
        if (parsed.has("help")) {
            out.print(command.help(tool));
            return OK;
        }
        try (Invocation in = new Invocation(parsed, out, env)) {
            Report report = command.action().run(in);
            if (report != null) {
                report.print(out, json);
            }
            return OK;
        } catch (UsageException e) {
            return usage(who, command, e.getMessage(), err, tool);
        } catch (NetworkException e) {
            return fail(who, CANNOT_CONNECT, null, null, "cannot connect: " + e.getMessage()
                + hint(e.getMessage()), json, out, err);
        } catch (BrokerException e) {
            return fail(who, REFUSED, e.responseCode(), e.remark(), e.getMessage() + aclHint(e), json, out, err);
        } catch (NoRouteException e) {
            return fail(who, REFUSED, null, null, e.getMessage(), json, out, err);
        } catch (ClientException e) {
            return fail(who, REFUSED, null, null, e.getMessage(), json, out, err);
        } catch (IllegalArgumentException e) {
            // the client's own validation (a group or topic name it refuses to send): nothing was sent
            return usage(who, command, e.getMessage(), err, tool);
        } catch (RuntimeException e) {
            // a bug (or an answer no server should give): say so, with the trace, rather than a bare stack dump
            err.println(who + " failed unexpectedly: " + e + " (please report this with the trace below)");
            e.printStackTrace(err);
            return REFUSED;
        }
    }

    /**
     * Advice for an ACL refusal: ACL 2.0 answers NO_PERMISSION (16) with "username cannot be null." and the like,
     * ACL 1.0 SYSTEM_ERROR (1) with an AclException text.
     */
    static String aclHint(BrokerException e) {
        String remark = e.remark() == null ? "" : e.remark();
        boolean acl = e.responseCode() == dev.petrel.protocol.code.ResponseCode.NO_PERMISSION
            || (e.responseCode() == dev.petrel.protocol.code.ResponseCode.SYSTEM_ERROR && remark.contains("AclException"));
        if (!acl) {
            return "";
        }
        return "; the cluster checks ACL: sign the requests with --access-key AK --secret-key SK (or $"
            + Invocation.ACCESS_KEY_VARIABLE + " and $" + Invocation.SECRET_KEY_VARIABLE + ", or accessKey/secretKey in "
            + "$ROCKETMQ_HOME/conf/tools.yml) of a user allowed to do this";
    }

    private static String hint(String message) {
        return message != null && message.contains("NameServer") ? ""
            : "; check the address and that the server runs and listens there";
    }

    private static int usage(String who, Command command, String message, PrintStream err, String tool) {
        err.println(who + ": " + message);
        err.println("run '" + tool + " " + command.name() + " --help' for its flags; example: " + command.example());
        return USAGE;
    }

    private static int fail(String who, int exit, Integer code, String remark, String message, boolean json,
                            PrintStream out, PrintStream err) {
        err.println(who + " failed: " + message);
        if (json) {
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("exitCode", exit);
            if (code != null) {
                error.put("responseCode", code);
                error.put("remark", remark);
            }
            error.put("message", message);
            out.println(Report.toJson(Map.of("error", error)));
        }
        return exit;
    }

    /** {@code petrel admin --help}. */
    public static String commandList() {
        return commandList(ADMIN_COMMANDS);
    }

    private static String commandList(Map<String, Command> commands) {
        StringBuilder b = new StringBuilder("usage: petrel admin <command> [flags]   (mqadmin's command names and flags)\n\n"
            + "commands:\n");
        for (Command c : commands.values()) {
            b.append(String.format("  %-22s %s%n", c.name(), c.summary()));
        }
        b.append("\nalso: petrel send -n ADDR -t TOPIC [-k KEY] [--tag TAG] BODY...\n"
            + "      petrel consume -n ADDR -t TOPIC [-g GROUP] [--count N]\n\n"
            + "every command takes -n ADDR (or $NAMESRV_ADDR), --access-key AK --secret-key SK (or $PETREL_ACCESS_KEY "
            + "and $PETREL_SECRET_KEY, or $ROCKETMQ_HOME/conf/tools.yml) to sign requests for a cluster with ACL on, "
            + "--json, and -h/--help; 'petrel admin <command> --help' shows its flags.\n"
            + "exit codes: 0 ok, 1 the server refused (its code and remark are printed), 2 usage error, 3 cannot connect.\n"
            + "More: docs/operations.md, section \"Admin CLI\".\n");
        return b.toString();
    }

    private static String closest(Map<String, Command> commands, String name) {
        for (String known : commands.keySet()) {
            if (known.equalsIgnoreCase(name)) {
                return " (did you mean " + known + "?)";
            }
        }
        return "";
    }
}
