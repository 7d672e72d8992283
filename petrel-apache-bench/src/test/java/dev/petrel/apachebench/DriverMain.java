package dev.petrel.apachebench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;

/**
 * The official-client load driver of bench/compare.sh: {@code produce|e2e|fill|drain [options]} runs a load with
 * Apache RocketMQ 5.3.1's client and prints progress lines, a summary and a {@code RESULT {json}} line (appended to
 * {@code --result-file} too); {@code report --runs FILE [--dd-mbps N]} prints compare.sh's Markdown tables. Exit
 * codes: 0 after a run (whatever its error count), 1 when it could not run, 2 for a bad command line.
 */
public final class DriverMain {

    private DriverMain() {
    }

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), System.out, System.err));
    }

    static int run(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty() && (args.get(0).equals("--help") || args.get(0).equals("-h"))) {
            out.print(DriverOptions.USAGE);
            return 0;
        }
        if (!args.isEmpty() && args.get(0).equals("report")) {
            return report(args.subList(1, args.size()), out, err);
        }
        DriverPlan plan;
        try {
            plan = DriverOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("apache bench: " + e.getMessage());
            err.print(DriverOptions.USAGE);
            return 2;
        }
        RunResult result;
        try {
            result = new DriverRun(plan, out).run();
        } catch (DriverFailure e) {
            err.println("apache bench " + args.get(0) + " failed: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println("apache bench " + args.get(0) + " failed: " + ErrorKinds.kind(e));
            e.printStackTrace(err);
            return 1;
        }
        out.print(result.summary());
        String json = result.json().toString();
        out.println(RunResult.PREFIX + json);
        out.flush();
        if (plan.resultFile() != null) {
            try {
                Files.writeString(plan.resultFile(), json + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            } catch (IOException e) {
                err.println("apache bench: cannot append the result to " + plan.resultFile() + ": " + e.getMessage());
                return 1;
            }
        }
        return 0;
    }

    private static int report(List<String> args, PrintStream out, PrintStream err) {
        Path runs = null;
        Double dd = null;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (i + 1 >= args.size() || !(a.equals("--runs") || a.equals("--dd-mbps"))) {
                err.println("apache bench report: usage: report --runs FILE [--dd-mbps MB_PER_S]; got '" + a + "'");
                return 2;
            }
            String value = args.get(++i);
            if (a.equals("--runs")) {
                runs = Path.of(value);
            } else {
                try {
                    dd = Double.parseDouble(value);
                } catch (NumberFormatException e) {
                    err.println("apache bench report: --dd-mbps needs a number, got '" + value + "'");
                    return 2;
                }
            }
        }
        if (runs == null) {
            err.println("apache bench report: --runs FILE is required");
            return 2;
        }
        try {
            out.print(CompareReport.parse(Files.readAllLines(runs, StandardCharsets.UTF_8), dd).render());
            out.flush();
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("apache bench report: " + e.getMessage());
            return 1;
        }
    }
}
