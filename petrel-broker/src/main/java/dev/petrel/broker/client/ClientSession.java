package dev.petrel.broker.client;

import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.remoting.Connection;

/**
 * One client connection as a member of one producer or consumer group: who it is (client id, language, version, as
 * declared in its heartbeat) and when it last sent a heartbeat. Apache's {@code ClientChannelInfo}.
 *
 * <p>The heartbeat time is written by heartbeat threads and read by the expiry scan, hence volatile.
 */
public final class ClientSession {

    private final Connection connection;
    private final String clientId;
    private final LanguageCode language;
    private final int version;
    private volatile long lastHeartbeatMillis;

    public ClientSession(Connection connection, String clientId, LanguageCode language, int version, long nowMillis) {
        this.connection = connection;
        this.clientId = clientId;
        this.language = language;
        this.version = version;
        this.lastHeartbeatMillis = nowMillis;
    }

    public Connection connection() {
        return connection;
    }

    public String clientId() {
        return clientId;
    }

    public LanguageCode language() {
        return language;
    }

    public int version() {
        return version;
    }

    public long lastHeartbeatMillis() {
        return lastHeartbeatMillis;
    }

    void touch(long nowMillis) {
        lastHeartbeatMillis = nowMillis;
    }

    @Override
    public String toString() {
        return clientId + "@" + connection.remoteAddress();
    }
}
