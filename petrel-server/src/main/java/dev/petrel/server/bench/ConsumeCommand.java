package dev.petrel.server.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code petrel bench consume}: a push consumer of messages that another bench process sends. */
@Command(name = "consume", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Consume with a push consumer; report throughput and end-to-end latency (from the send time in "
        + "each bench message; across machines only as exact as their clocks agree).")
final class ConsumeCommand extends LoadCommand {

    static final String DEFAULT_GROUP = "petrel-bench-consumer";

    @Mixin
    ConsumerOptions consumer;

    @Override
    protected BenchPlan plan() {
        return plan(null, consumer.plan(DEFAULT_GROUP), 0);
    }
}
