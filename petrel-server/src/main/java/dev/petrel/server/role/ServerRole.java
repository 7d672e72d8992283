package dev.petrel.server.role;

/**
 * One running part of a Petrel process (the NameServer, the broker): a wiring class with a start and a close. The
 * launcher starts the roles of a command in order, prints one ready line naming what each {@link #describe()}s, and
 * closes them in reverse order on shutdown.
 */
public interface ServerRole extends AutoCloseable {

    /**
     * Starts serving. A failure leaves nothing of this role running.
     *
     * @throws Exception a message an operator can act on (port in use, unreadable file); the launcher prints it and
     *                   exits with code 1
     */
    void start() throws Exception;

    /** What is running where, for the ready line, e.g. {@code NameServer on 0.0.0.0:9876}. Called after start. */
    String describe();

    /**
     * The role's families and how it wants them served; called after {@link #start()}. Roles with the same
     * {@code metricsPromExporterPort} share one endpoint (standalone's NameServer and broker do).
     */
    default java.util.Optional<RoleMetrics> metrics() {
        return java.util.Optional.empty();
    }

    /** Stops serving and releases everything; safe to call when start failed or was never called. */
    @Override
    void close();
}
