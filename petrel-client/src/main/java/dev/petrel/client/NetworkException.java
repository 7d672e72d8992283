package dev.petrel.client;

/** A request got no answer: the connection failed or closed, or the answer did not come in time. */
public final class NetworkException extends ClientException {

    private final String address;
    private final boolean timeout;

    public NetworkException(String address, boolean timeout, String message, Throwable cause) {
        super(message, cause);
        this.address = address;
        this.timeout = timeout;
    }

    /** The server, {@code host:port}; null when none was chosen yet. */
    public String address() {
        return address;
    }

    /** Whether the request timed out (as opposed to a connection failure). */
    public boolean isTimeout() {
        return timeout;
    }
}
