package dev.petrel.server.bench;

import dev.petrel.common.json.JsonException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code petrel bench report}: reads result lines ({@code --result-file}, or saved {@code RESULT} lines) and broker
 * facts, and prints the Markdown comparison (see {@link ComparisonTable}).
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Print a Markdown table comparing two labels' results of the same loads, with their ratio.")
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--results", paramLabel = "FILE", required = true,
        description = "Result lines: JSON (--result-file) or 'RESULT {...}' lines; other lines are skipped.")
    Path results;

    @Option(names = "--brokers", paramLabel = "FILE", description = "Broker facts, one JSON object per line (bench/e2e.sh).")
    Path brokers;

    @Option(names = "--candidate", paramLabel = "LABEL", defaultValue = "petrel",
        description = "Label of the numerator of the ratio (default: ${DEFAULT-VALUE}).")
    String candidate;

    @Option(names = "--baseline", paramLabel = "LABEL", defaultValue = "apache",
        description = "Label of the denominator (default: ${DEFAULT-VALUE}).")
    String baseline;

    @Option(names = "--candidate-name", defaultValue = "Petrel", description = "Column name (default: ${DEFAULT-VALUE}).")
    String candidateName;

    @Option(names = "--baseline-name", defaultValue = "Apache 5.3.1", description = "Column name (default: ${DEFAULT-VALUE}).")
    String baselineName;

    @Override
    public Integer call() {
        try {
            List<BenchResult> read = readLines(results, line -> line.startsWith("{") || line.startsWith(BenchResult.PREFIX)
                ? BenchResult.parse(line) : null);
            List<BrokerFacts> facts = brokers == null ? List.of()
                : readLines(brokers, line -> line.startsWith("{") ? BrokerFacts.parse(line) : null);
            spec.commandLine().getOut().print(new ComparisonTable(candidate, baseline, candidateName, baselineName)
                .render(read, facts));
            spec.commandLine().getOut().flush();
            return 0;
        } catch (IOException | JsonException e) {
            spec.commandLine().getErr().println("petrel bench report: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return 1;
        }
    }

    private static <T> List<T> readLines(Path file, Function<String, T> parse) throws IOException {
        List<T> out = new ArrayList<>();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            number++;
            String trimmed = line.trim();
            try {
                T value = parse.apply(trimmed);
                if (value != null) {
                    out.add(value);
                }
            } catch (JsonException e) {
                throw new JsonException(file + " line " + number + ": " + e.getMessage(), e);
            }
        }
        return out;
    }
}
