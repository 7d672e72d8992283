package dev.petrel.admin.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code petrel admin} command: mqadmin's name, a one-line summary, its flags (besides the common {@code -n},
 * {@code --json} and {@code -h}), an example, and what it does.
 *
 * @param name           mqadmin's command name ({@code topicStatus})
 * @param summary        one line for the command list
 * @param flags          the command's own flags
 * @param takesArguments whether words that are not flags are accepted (the message body of {@code petrel send})
 * @param example        a command line that works, for {@code --help}
 * @param action         runs it
 */
public record Command(String name, String summary, List<Flag> flags, boolean takesArguments, String example,
                      Action action) {

    /** The NameServer flag every command has (mqadmin's {@code -n/--namesrvAddr}). */
    public static final Flag NAMESRV = Flag.value("n", "namesrvAddr", "ADDR",
        "NameServer address(es), host:port[;host:port]; default $NAMESRV_ADDR");
    public static final Flag JSON = Flag.toggle(null, "json", "print one JSON object instead of the table (for scripts)");
    /** ACL credentials (mqadmin reads them from conf/tools.yml only): Petrel's own, long names only. */
    public static final Flag ACCESS_KEY = Flag.value(null, "access-key", "AK",
        "sign every request with this ACL access key (ACL 2.0 username); default $PETREL_ACCESS_KEY, then "
            + "$ROCKETMQ_HOME/conf/tools.yml");
    public static final Flag SECRET_KEY = Flag.value(null, "secret-key", "SK",
        "the secret key (password) for --access-key; default $PETREL_SECRET_KEY, then tools.yml (a flag shows in ps)");
    public static final Flag HELP = Flag.toggle("h", "help", "print this help and exit");

    /** What a command does with its parsed arguments. */
    @FunctionalInterface
    public interface Action {
        Report run(Invocation in);
    }

    public Command {
        flags = List.copyOf(flags);
    }

    public static Command of(String name, String summary, String example, Action action, Flag... flags) {
        return new Command(name, summary, List.of(flags), false, example, action);
    }

    /** The command's flags plus the common ones. */
    public List<Flag> allFlags() {
        List<Flag> all = new ArrayList<>(flags);
        all.add(NAMESRV);
        all.add(ACCESS_KEY);
        all.add(SECRET_KEY);
        all.add(JSON);
        all.add(HELP);
        return all;
    }

    public FlagParser parser() {
        return new FlagParser(allFlags(), takesArguments);
    }

    /** {@code --help} text. */
    public String help(String tool) {
        StringBuilder b = new StringBuilder();
        b.append("usage: ").append(tool).append(' ').append(name);
        for (Flag f : allFlags()) {
            if (f.required()) {
                b.append(' ').append(f.shortName() != null ? "-" + f.shortName() : "--" + f.longName()).append(' ')
                    .append(f.valueName());
            }
        }
        b.append(" [flags]").append(takesArguments ? " [BODY...]" : "").append('\n');
        b.append(summary).append("\n\nflags:\n");
        for (Flag f : allFlags()) {
            b.append(String.format("  %-34s %s%s%n", f.usage(), f.description(), f.required() ? " (required)" : ""));
        }
        b.append("\nexample:\n  ").append(example).append('\n');
        b.append("\nexit codes: 0 ok, 1 the server refused (its code and remark are printed), 2 usage error, "
            + "3 cannot connect\n");
        return b.toString();
    }
}
