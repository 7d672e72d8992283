package dev.petrel.server.bench;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** How long a bench run lasts, how it reports, and what it measures besides the load. */
final class RunOptions {

    @Option(names = "--duration", paramLabel = "S", defaultValue = "30",
        description = "Seconds measured, after the warm-up (default: ${DEFAULT-VALUE}).")
    double durationSeconds;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "5",
        description = "Seconds of load before measuring starts (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = "--interval", paramLabel = "S", defaultValue = "5",
        description = "Seconds between progress lines (default: ${DEFAULT-VALUE}).")
    double intervalSeconds;

    @Option(names = "--label", paramLabel = "NAME", defaultValue = "petrel",
        description = "Name of what is measured, carried into the result (default: ${DEFAULT-VALUE}).")
    String label;

    @Option(names = "--broker-pid", paramLabel = "PID",
        description = "Also measure this broker process: CPU time per message and resident memory (Linux /proc).")
    Long brokerPid;

    @Option(names = "--result-file", paramLabel = "FILE",
        description = "Append the result as one JSON line to this file.")
    Path resultFile;
}
