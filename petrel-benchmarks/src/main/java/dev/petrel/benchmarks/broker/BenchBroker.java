package dev.petrel.benchmarks.broker;

import dev.petrel.testkit.FreePorts;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The broker.conf of an in-process benchmark broker: loopback, a free port, its store in {@code dir}. */
public final class BenchBroker {

    private BenchBroker() {
    }

    /** A mutable map, for the benchmark to add its own keys; {@code listenPort} is a free port. */
    public static Map<String, String> properties(Path dir) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.toString());
        raw.put("listenPort", Integer.toString(FreePorts.next()));
        raw.put("brokerName", "bench");
        raw.put("brokerIP1", "127.0.0.1");
        raw.put("mappedFileSizeCommitLog", Integer.toString(256 * 1024 * 1024));
        return raw;
    }
}
