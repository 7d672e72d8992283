package dev.petrel.server.bench;

import picocli.CommandLine.Option;

/** Where a bench run sends to or consumes from. */
final class TargetOptions {

    @Option(names = {"-n", "--namesrv"}, paramLabel = "ADDR", defaultValue = "127.0.0.1:9876",
        description = "NameServer address(es), host:port[;host:port] (default: ${DEFAULT-VALUE}).")
    String namesrvAddr;

    @Option(names = {"-t", "--topic"}, paramLabel = "TOPIC", defaultValue = "BenchTopic",
        description = "Topic (default: ${DEFAULT-VALUE}).")
    String topic;

    @Option(names = "--create-topic", description = "Create (or update) the topic first, on every master of --cluster.")
    boolean createTopic;

    @Option(names = "--cluster", paramLabel = "NAME",
        description = "Cluster to create the topic on (default: the only cluster the NameServer knows).")
    String cluster;

    @Option(names = "--queues", paramLabel = "N", defaultValue = "8",
        description = "Read and write queues per broker of a created topic (default: ${DEFAULT-VALUE}).")
    int queues;

    @Option(names = "--route-timeout", paramLabel = "S", defaultValue = "30",
        description = "Seconds to wait for the topic's route (default: ${DEFAULT-VALUE}).")
    int routeTimeoutSeconds;

    BenchPlan.TopicSetup topicSetup() {
        return createTopic ? new BenchPlan.TopicSetup(cluster, queues) : null;
    }
}
