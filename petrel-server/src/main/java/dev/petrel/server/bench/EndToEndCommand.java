package dev.petrel.server.bench;

import java.util.concurrent.ThreadLocalRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code petrel bench e2e}: sending threads and a push consumer of the same topic in one process. */
@Command(name = "e2e", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Send and consume in one process; report both throughputs, send and end-to-end latency, and "
        + "whether every message sent was received. Use --rate for latency under a steady load.")
final class EndToEndCommand extends LoadCommand {

    @Mixin
    ProducerOptions producer;

    @Mixin
    ConsumerOptions consumer;

    @Override
    protected BenchPlan plan() {
        // A new group per run: it owns every queue, so it receives every message of the run.
        String group = "petrel-bench-e2e-" + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16);
        return plan(producer.plan(), consumer.plan(group), consumer.drainSeconds);
    }
}
