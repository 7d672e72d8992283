package dev.petrel.server.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

/** How a bench run sends. */
final class ProducerOptions {

    @Option(names = "--threads", paramLabel = "N", defaultValue = "4",
        description = "Sending threads, sharing one producer (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1024",
        description = "Body size in bytes, at least 28 (default: ${DEFAULT-VALUE}).")
    int size;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Mode mode;

    @Option(names = "--batch", paramLabel = "K", defaultValue = "1",
        description = "Messages per send (a batch of K, with --sync; default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--inflight", paramLabel = "N", defaultValue = "1024",
        description = "With --async: unanswered sends at most, all threads together (default: ${DEFAULT-VALUE}).")
    int inflight;

    @Option(names = "--rate", paramLabel = "MSGS", defaultValue = "0",
        description = "Messages per second, all threads together; 0 for as fast as possible (default).")
    double rate;

    @Option(names = "--compress",
        description = "Let the client zlib-compress bodies of 4 KiB and more, as it does by default; without it the "
            + "broker receives --size bytes per message.")
    boolean compress;

    @Option(names = "--producer-property", paramLabel = "KEY=VALUE",
        description = "A client property of the producer by RocketMQ's name, repeatable (e.g. "
            + "pollNameServerInterval=200 to follow a new master within 200 ms, sendMsgTimeout=3000).")
    Map<String, String> producerProperties = new LinkedHashMap<>();

    @Option(names = "--store-host-log", paramLabel = "FILE",
        description = "Append '<epoch ms> <host:port>' whenever an acknowledged send was stored by another broker than "
            + "the one before (from its offset message id): when a new master or Raft leader first answered.")
    Path storeHostLog;

    /** One of --sync (default), --async, --oneway. */
    static final class Mode {
        @Option(names = "--sync", description = "Wait for each answer (default).")
        boolean sync;

        @Option(names = "--async", description = "Keep sending while up to --inflight sends await their answers.")
        boolean async;

        @Option(names = "--oneway", description = "Send without answers.")
        boolean oneway;
    }

    BenchPlan.ProducerPlan plan() {
        SendMode sendMode = mode == null || mode.sync ? SendMode.SYNC : mode.async ? SendMode.ASYNC : SendMode.ONEWAY;
        return new BenchPlan.ProducerPlan(sendMode, threads, size, batch, inflight, rate, compress, producerProperties,
            storeHostLog);
    }
}
