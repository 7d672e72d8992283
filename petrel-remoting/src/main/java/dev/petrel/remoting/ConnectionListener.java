package dev.petrel.remoting;

/**
 * Hears about connections of one server or client. Events of all connections are delivered in order on the
 * endpoint's single event thread ({@code petrel-<name>-events}), never on an I/O thread, so a listener may take a
 * lock briefly; it must not block for long, since it delays every later event.
 */
public interface ConnectionListener {

    /** A connection was established (accepted, or connected by a client). */
    default void connected(Connection connection) {
    }

    /** A connection closed, for whatever reason; it is delivered exactly once per connection. */
    default void closed(Connection connection) {
    }

    /** A connection saw no traffic for the configured idle time and is being closed ({@link #closed} follows). */
    default void idle(Connection connection) {
    }

    /** A connection failed (reset, malformed input, ...) and is being closed ({@link #closed} follows). */
    default void exception(Connection connection, Throwable cause) {
    }
}
