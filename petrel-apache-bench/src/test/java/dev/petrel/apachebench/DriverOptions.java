package dev.petrel.apachebench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns a command line into a {@link DriverPlan}: {@code <workload> [options]} with the option names and defaults of
 * {@code bin/petrel bench} (see {@link #USAGE}). Pure: an unknown option, a missing value or a bad number is an
 * {@link IllegalArgumentException} naming it.
 */
final class DriverOptions {

    static final String USAGE = """
        usage: DriverMain produce|e2e|fill|drain [options]      (Apache RocketMQ 5.3.1's client)
               DriverMain report --runs FILE                     (bench/compare.sh's Markdown tables)
          -n, --namesrv ADDR   NameServer (127.0.0.1:9876)     -t, --topic TOPIC (BenchTopic)
          --create-topic       create the topic on every master of --cluster first; --queues N (8)
          --sync | --async | --oneway  (sync)   --threads N (4)   --size BYTES (1024)   --batch K (1, sync only)
          --inflight N (1024, async)   --rate MSGS (0: as fast as possible)   --send-timeout MS (3000)
          --warmup S (5)   --duration S (30)   --interval S (5)   --label NAME (apache)
          --broker-pid PID   --clk-tck HZ (100)   --result-file FILE
          --messages N (fill, drain)   --group G   --consume-threads N (20)   --drain S (10; drain: 300)
        """;

    private static final Set<String> FLAGS = Set.of("--create-topic", "--sync", "--async", "--oneway");
    private static final Set<String> VALUED = Set.of("-n", "--namesrv", "-t", "--topic", "--cluster", "--queues",
        "--threads", "--size", "--batch", "--inflight", "--rate", "--warmup", "--duration", "--interval", "--label",
        "--broker-pid", "--result-file", "--messages", "--group", "--consume-threads", "--drain", "--send-timeout",
        "--clk-tck");

    private DriverOptions() {
    }

    static DriverPlan parse(List<String> args) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("give a workload: produce, e2e, fill or drain");
        }
        DriverPlan.Workload workload = switch (args.get(0)) {
            case "produce" -> DriverPlan.Workload.PRODUCE;
            case "e2e" -> DriverPlan.Workload.E2E;
            case "fill" -> DriverPlan.Workload.FILL;
            case "drain" -> DriverPlan.Workload.DRAIN;
            default -> throw new IllegalArgumentException("unknown workload '" + args.get(0)
                + "': produce, e2e, fill or drain");
        };
        Map<String, String> values = new HashMap<>();
        String mode = null;
        boolean createTopic = false;
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (FLAGS.contains(a)) {
                if (a.equals("--create-topic")) {
                    createTopic = true;
                } else if (mode != null && !mode.equals(a)) {
                    throw new IllegalArgumentException(mode + " and " + a + " exclude each other");
                } else {
                    mode = a;
                }
            } else if (VALUED.contains(a)) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                values.put(canonical(a), args.get(++i));
            } else {
                throw new IllegalArgumentException("unknown option '" + a + "'");
            }
        }
        DriverPlan.Mode sendMode = mode == null || mode.equals("--sync") ? DriverPlan.Mode.SYNC
            : mode.equals("--async") ? DriverPlan.Mode.ASYNC : DriverPlan.Mode.ONEWAY;
        if (workload == DriverPlan.Workload.FILL && mode == null) {
            sendMode = DriverPlan.Mode.ASYNC; // a backlog is written as fast as the broker takes it
        }
        String result = values.get("--result-file");
        String pid = values.get("--broker-pid");
        return new DriverPlan(workload, values.getOrDefault("--namesrv", "127.0.0.1:9876"),
            values.getOrDefault("--topic", "BenchTopic"), values.get("--cluster"), integer(values, "--queues", 8),
            createTopic, sendMode, integer(values, "--threads", 4), integer(values, "--size", 1024),
            integer(values, "--batch", 1), integer(values, "--inflight", 1024), decimal(values, "--rate", 0),
            decimal(values, "--warmup", 5), decimal(values, "--duration", 30), decimal(values, "--interval", 5),
            values.getOrDefault("--label", "apache"), pid == null ? null : (Long) longValue(values, "--broker-pid", 0),
            result == null ? null : Path.of(result), longValue(values, "--messages", 0), values.get("--group"),
            integer(values, "--consume-threads", 20),
            decimal(values, "--drain", workload == DriverPlan.Workload.DRAIN ? 300 : 10),
            integer(values, "--send-timeout", 3000), longValue(values, "--clk-tck", 100));
    }

    private static String canonical(String option) {
        return switch (option) {
            case "-n" -> "--namesrv";
            case "-t" -> "--topic";
            default -> option;
        };
    }

    private static int integer(Map<String, String> values, String option, int fallback) {
        long v = longValue(values, option, fallback);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option + ": " + v + " is out of range");
        }
        return (int) v;
    }

    private static long longValue(Map<String, String> values, String option, long fallback) {
        String text = values.get(option);
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + text + "'");
        }
    }

    private static double decimal(Map<String, String> values, String option, double fallback) {
        String text = values.get(option);
        if (text == null) {
            return fallback;
        }
        try {
            double v = Double.parseDouble(text);
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a number, got '" + text.toLowerCase(Locale.ROOT) + "'");
        }
    }
}
