package dev.petrel.server.bench;

/** What a run puts on the broker. */
enum Workload {
    /** Sending threads only. */
    PRODUCE,
    /** A push consumer only (of messages someone else sends). */
    CONSUME,
    /** Sending threads and a push consumer of the same topic in one process: end-to-end latency. */
    E2E;

    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
