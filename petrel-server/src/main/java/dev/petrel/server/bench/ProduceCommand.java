package dev.petrel.server.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code petrel bench produce}: sending threads only. */
@Command(name = "produce", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Send as fast as allowed; report throughput, send latency and errors.")
final class ProduceCommand extends LoadCommand {

    @Mixin
    ProducerOptions producer;

    @Override
    protected BenchPlan plan() {
        return plan(producer.plan(), null, 0);
    }
}
