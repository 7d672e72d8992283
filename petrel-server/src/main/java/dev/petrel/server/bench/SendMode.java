package dev.petrel.server.bench;

/** How the sending threads send. */
enum SendMode {
    /** Each thread waits for the broker's answer before its next send. */
    SYNC,
    /** Each thread keeps sending while fewer than {@code --inflight} sends of the run await their answer. */
    ASYNC,
    /** No answer at all: the rate the client can write at. */
    ONEWAY;

    String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
