package dev.petrel.broker.client;

import dev.petrel.common.time.Clock;
import dev.petrel.remoting.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live producer groups (Apache's {@code ProducerManager}): registered by HEART_BEAT, removed by
 * UNREGISTER_CLIENT, a closed connection or heartbeat expiry. Used by admin views (producerConnection) and, later,
 * by transaction check-backs.
 *
 * <p>Threads: as {@link ConsumerRegistry}; each group's map is guarded by its own monitor, and group removal is
 * atomic with registration through {@link ConcurrentHashMap#compute}.
 */
public final class ProducerRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(ProducerRegistry.class);

    private final Clock clock;
    private final ConcurrentHashMap<String, Map<Connection, ClientSession>> groups = new ConcurrentHashMap<>();

    public ProducerRegistry(Clock clock) {
        this.clock = clock;
    }

    public void register(String group, ClientSession session) {
        long now = clock.millis();
        groups.compute(group, (g, members) -> {
            Map<Connection, ClientSession> m = members == null ? new LinkedHashMap<>() : members;
            ClientSession old = m.get(session.connection());
            if (old == null || !old.clientId().equals(session.clientId())) {
                m.put(session.connection(), session);
                if (old == null) {
                    LOG.debug("producer {} joined group {}", session, g);
                }
            } else {
                old.touch(now);
            }
            return m;
        });
    }

    public void unregister(String group, Connection connection) {
        groups.computeIfPresent(group, (g, m) -> {
            m.remove(connection);
            return m.isEmpty() ? null : m;
        });
    }

    public void connectionClosed(Connection connection) {
        for (String group : new ArrayList<>(groups.keySet())) {
            unregister(group, connection);
        }
    }

    /** Drops producers without a heartbeat for {@code timeoutMillis} and closes their connections. */
    public int scanExpired(long timeoutMillis) {
        long now = clock.millis();
        List<ClientSession> expired = new ArrayList<>();
        for (String group : new ArrayList<>(groups.keySet())) {
            groups.computeIfPresent(group, (g, m) -> {
                m.values().removeIf(s -> {
                    if (now - s.lastHeartbeatMillis() > timeoutMillis) {
                        expired.add(s);
                        return true;
                    }
                    return false;
                });
                return m.isEmpty() ? null : m;
            });
        }
        for (ClientSession s : expired) {
            LOG.warn("producer {} sent no heartbeat for {} ms; dropping and closing its connection", s,
                now - s.lastHeartbeatMillis());
            s.connection().close();
        }
        return expired.size();
    }

    /** The members of a group (empty when none). */
    public List<ClientSession> members(String group) {
        List<ClientSession> out = new ArrayList<>();
        groups.computeIfPresent(group, (g, m) -> {
            out.addAll(m.values());
            return m;
        });
        return out;
    }

    /** Every group and its members. */
    public Map<String, List<ClientSession>> all() {
        Map<String, List<ClientSession>> out = new TreeMap<>();
        for (String g : new ArrayList<>(groups.keySet())) {
            List<ClientSession> members = members(g);
            if (!members.isEmpty()) {
                out.put(g, members);
            }
        }
        return out;
    }
}
