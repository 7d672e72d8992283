package dev.petrel.server.bench;

import dev.petrel.client.consumer.StartPosition;
import picocli.CommandLine.Option;

/** How a bench run consumes. */
final class ConsumerOptions {

    @Option(names = "--group", paramLabel = "GROUP",
        description = "Consumer group (default: petrel-bench-consumer for consume, a new group per e2e run).")
    String group;

    @Option(names = "--consume-threads", paramLabel = "N", defaultValue = "20",
        description = "Listener threads of the push consumer (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--from", paramLabel = "first|last", defaultValue = "last",
        description = "Where a new group starts: the oldest stored message or the end (default: ${DEFAULT-VALUE}).")
    String from;

    @Option(names = "--drain", paramLabel = "S", defaultValue = "10",
        description = "e2e: seconds to wait, after sending stopped, for the messages still on their way (default: "
            + "${DEFAULT-VALUE}).")
    double drainSeconds;

    BenchPlan.ConsumerPlan plan(String defaultGroup) {
        StartPosition start = switch (from) {
            case "first" -> StartPosition.FIRST_OFFSET;
            case "last" -> StartPosition.LAST_OFFSET;
            default -> throw new IllegalArgumentException("--from must be first or last, got '" + from + "'");
        };
        return new BenchPlan.ConsumerPlan(group != null ? group : defaultGroup, threads, start);
    }
}
