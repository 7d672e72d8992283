package dev.petrel.admin.cli;

import dev.petrel.common.json.JsonCodec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Runs {@code petrel admin} (or send / consume) in the test's JVM and keeps what it printed and its exit code. */
final class Cli {

    /** One run's outcome. */
    record Run(int exit, String out, String err) {

        List<String> lines() {
            return out.lines().toList();
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> json() {
            return JsonCodec.standard().decode(out.getBytes(StandardCharsets.UTF_8), Map.class);
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private Cli() {
    }

    static Run admin(String... args) {
        return run("admin", Map.of(), args);
    }

    static Run run(String tool, Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> list = new ArrayList<>(Arrays.asList(args));
        int exit;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = switch (tool) {
                case "admin" -> AdminCli.admin(list, o, e, env);
                case "send" -> AdminCli.send(list, o, e, env);
                case "consume" -> AdminCli.consume(list, o, e, env);
                default -> throw new IllegalArgumentException(tool);
            };
        }
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
