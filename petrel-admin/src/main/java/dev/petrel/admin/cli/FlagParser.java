package dev.petrel.admin.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses an argument list against a command's {@link Flag}s, the way commons-cli (mqadmin's parser) does for the
 * forms operators type: {@code -t T}, {@code -tT}, {@code --topic T}, {@code --topic=T}, switches {@code -l} and
 * {@code --json}, and {@code --} before arguments that start with a dash. A value may itself start with a dash
 * ({@code -q -1}) unless it is one of the command's flags. Every mistake is a {@link UsageException} naming the flag:
 * an unknown flag, a flag given twice, a missing value, a value given to a switch, a missing required flag, or an
 * argument where the command takes none. Stateless and thread-safe.
 */
public final class FlagParser {

    private final List<Flag> flags;
    private final Map<String, Flag> byShort = new HashMap<>();
    private final Map<String, Flag> byLong = new HashMap<>();
    private final boolean takesArguments;

    /**
     * @param flags          the command's flags
     * @param takesArguments whether words that are not flags are accepted (as {@link ParsedArgs#arguments()})
     */
    public FlagParser(List<Flag> flags, boolean takesArguments) {
        this.flags = List.copyOf(flags);
        this.takesArguments = takesArguments;
        for (Flag f : this.flags) {
            if (f.shortName() != null && byShort.put(f.shortName(), f) != null) {
                throw new IllegalArgumentException("short flag -" + f.shortName() + " declared twice");
            }
            if (byLong.put(f.longName(), f) != null) {
                throw new IllegalArgumentException("flag --" + f.longName() + " declared twice");
            }
        }
    }

    public List<Flag> flags() {
        return flags;
    }

    public ParsedArgs parse(List<String> args) {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> arguments = new ArrayList<>();
        boolean onlyArguments = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg == null) {
                throw new UsageException("an argument is null");
            }
            if (onlyArguments || !looksLikeFlag(arg)) {
                if (!takesArguments) {
                    throw new UsageException("unexpected argument '" + arg + "': this command takes flags only");
                }
                arguments.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                onlyArguments = true;
                continue;
            }
            Flag flag;
            String inline = null;
            if (arg.startsWith("--")) {
                String name = arg.substring(2);
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    inline = name.substring(eq + 1);
                    name = name.substring(0, eq);
                }
                flag = byLong.get(name);
                if (flag == null) {
                    throw new UsageException("unknown flag --" + name + suggestion(name));
                }
            } else {
                String letter = arg.substring(1, 2);
                flag = byShort.get(letter);
                if (flag == null) {
                    // commons-cli also accepts a long name after one dash (-namesrvAddr): do the same.
                    flag = byLong.get(arg.substring(1));
                    if (flag == null) {
                        throw new UsageException("unknown flag " + arg + suggestion(arg.substring(1)));
                    }
                } else if (arg.length() > 2) {
                    if (!flag.takesValue()) {
                        throw new UsageException("flag " + flag.display() + " takes no value, but got '" + arg + "'");
                    }
                    inline = arg.substring(2);
                }
            }
            if (values.containsKey(flag.longName())) {
                throw new UsageException("flag " + flag.display() + " is given twice");
            }
            if (!flag.takesValue()) {
                if (inline != null) {
                    throw new UsageException("flag " + flag.display() + " takes no value, but got '" + inline + "'");
                }
                values.put(flag.longName(), "true");
                continue;
            }
            String value = inline;
            if (value == null) {
                if (i + 1 >= args.size() || isOwnFlag(args.get(i + 1))) {
                    throw new UsageException("flag " + flag.display() + " needs a value (" + flag.valueName() + ")");
                }
                value = args.get(++i);
                if (value == null) {
                    throw new UsageException("an argument is null");
                }
            }
            values.put(flag.longName(), value);
        }
        for (Flag f : flags) {
            // asking for help is never an error, whatever else is missing
            if (f.required() && !values.containsKey(f.longName()) && !values.containsKey("help")) {
                throw new UsageException("missing required flag " + f.display() + " " + f.valueName());
            }
        }
        return new ParsedArgs(values, arguments, byLong);
    }

    private static boolean looksLikeFlag(String arg) {
        return arg.length() >= 2 && arg.charAt(0) == '-';
    }

    /** Whether {@code arg} names one of this command's flags (so it cannot be the previous flag's value). */
    private boolean isOwnFlag(String arg) {
        if (arg == null || !looksLikeFlag(arg)) {
            return false;
        }
        if (arg.equals("--")) {
            return true;
        }
        if (arg.startsWith("--")) {
            String name = arg.substring(2);
            int eq = name.indexOf('=');
            return byLong.containsKey(eq >= 0 ? name.substring(0, eq) : name);
        }
        return byShort.containsKey(arg.substring(1, 2)) || byLong.containsKey(arg.substring(1));
    }

    private String suggestion(String name) {
        for (Flag f : flags) {
            if (f.longName().equalsIgnoreCase(name) || (f.shortName() != null && f.shortName().equalsIgnoreCase(name))) {
                return "; did you mean " + f.display() + "?";
            }
        }
        return "; run with --help to see this command's flags";
    }
}
