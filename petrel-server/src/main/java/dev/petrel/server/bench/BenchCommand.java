package dev.petrel.server.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code petrel bench}: the end-to-end load tool. {@code produce}, {@code consume} and {@code e2e} put load on brokers
 * through Petrel's client (which works with Apache RocketMQ brokers too) and print a line every interval, a summary
 * and a {@code RESULT} line of JSON; {@code report} turns result files into the comparison tables of
 * docs/benchmarks.md.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
    subcommands = {ProduceCommand.class, ConsumeCommand.class, EndToEndCommand.class, ReportCommand.class},
    description = "Load a broker end to end (produce, consume, e2e) or compare result files (report).",
    footer = {"", "Example: petrel bench produce -n 127.0.0.1:9876 -t BenchTopic --create-topic --threads 32 --size 1024 "
        + "--duration 30", "See docs/benchmarks.md, section \"End to end\"."})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code petrel bench} alone: usage, exit code 2. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "choose produce, consume, e2e or report");
    }
}
