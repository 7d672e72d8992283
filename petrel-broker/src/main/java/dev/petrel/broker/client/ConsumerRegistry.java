package dev.petrel.broker.client;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.remoting.Connection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live consumer groups (Apache's {@code ConsumerManager}): registered by HEART_BEAT, removed by
 * UNREGISTER_CLIENT, a closed connection, or two minutes without a heartbeat ({@link #scanExpired}).
 *
 * <p>When a clustering group's members or subscriptions change, {@link MembershipListener#membersChanged} is told
 * (the broker then sends NOTIFY_CONSUMER_IDS_CHANGED to every member so they rebalance at once). Each registration
 * also checks that the group's members agree on their subscriptions; disagreements are logged once each and kept
 * for the admin view ({@link #conflicts()}).
 *
 * <p>Threads: heartbeat and client-management threads, the remoting event thread (closed connections) and the
 * housekeeping thread (expiry) call in concurrently; each group's state is guarded by its own monitor, and the
 * listener is called outside it.
 */
public final class ConsumerRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerRegistry.class);

    /** Hears about membership changes of clustering groups. */
    @FunctionalInterface
    public interface MembershipListener {
        /** @param members every remaining member's connection */
        void membersChanged(String group, List<Connection> members);
    }

    private final Clock clock;
    private final ConcurrentHashMap<String, ConsumerGroupState> groups = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, List<SubscriptionConflicts.Conflict>> conflicts = new ConcurrentHashMap<>();
    private final Set<String> loggedConflicts = ConcurrentHashMap.newKeySet();
    private volatile MembershipListener listener = (g, m) -> { };

    public ConsumerRegistry(Clock clock) {
        this.clock = clock;
    }

    public void setListener(MembershipListener listener) {
        this.listener = listener;
    }

    /**
     * Registers or refreshes one member from a heartbeat.
     *
     * @param notify whether the group wants membership notifications (its {@code notifyConsumerIdsChangedEnable})
     * @return whether membership or subscriptions changed
     */
    public boolean register(String group, ClientSession session, ConsumeType type, MessageModel model,
                            ConsumeFromWhere from, Set<SubscriptionData> subscriptions, boolean notify) {
        ConsumerGroupState.Update[] update = new ConsumerGroupState.Update[1];
        long now = clock.millis();
        // compute() makes "update" and "remove the group once empty" atomic per group.
        ConsumerGroupState state = groups.compute(group, (g, s) -> {
            ConsumerGroupState st = s == null ? new ConsumerGroupState(g) : s;
            update[0] = st.update(session, type, model, from, subscriptions, now);
            return st;
        });
        if (update[0].newMember()) {
            LOG.info("consumer {} joined group {} ({}, {})", session, group, type, model);
        }
        checkConflicts(state);
        if (update[0].any() && notify && model != MessageModel.BROADCASTING) {
            listener.membersChanged(group, state.connections());
        }
        return update[0].any();
    }

    /** UNREGISTER_CLIENT: removes the member on {@code connection} from {@code group}. */
    public void unregister(String group, Connection connection, boolean notify) {
        ConsumerGroupState state = groups.get(group);
        if (state == null) {
            return;
        }
        ClientSession removed = state.remove(connection);
        if (removed != null) {
            LOG.info("consumer {} left group {}", removed, group);
            afterRemoval(state, notify);
        }
    }

    /** The connection closed: it leaves every group it was in. */
    public void connectionClosed(Connection connection) {
        for (ConsumerGroupState state : groups.values()) {
            ClientSession removed = state.remove(connection);
            if (removed != null) {
                LOG.info("consumer {} of group {} disconnected", removed, state.group());
                afterRemoval(state, true);
            }
        }
    }

    /**
     * Drops members whose last heartbeat is older than {@code timeoutMillis} and closes their connections.
     *
     * @return the number of members dropped
     */
    public int scanExpired(long timeoutMillis) {
        long now = clock.millis();
        int dropped = 0;
        for (ConsumerGroupState state : groups.values()) {
            List<ClientSession> expired = state.removeExpired(now, timeoutMillis);
            for (ClientSession s : expired) {
                LOG.warn("consumer {} of group {} sent no heartbeat for {} ms; dropping and closing its connection", s,
                    state.group(), now - s.lastHeartbeatMillis());
                s.connection().close();
            }
            if (!expired.isEmpty()) {
                dropped += expired.size();
                afterRemoval(state, true);
            }
        }
        return dropped;
    }

    private void afterRemoval(ConsumerGroupState state, boolean notify) {
        if (groups.computeIfPresent(state.group(), (g, s) -> s.isEmpty() ? null : s) == null) {
            conflicts.remove(state.group());
            LOG.info("consumer group {} has no member left", state.group());
            return;
        }
        checkConflicts(state);
        if (notify && !state.isBroadcasting()) {
            listener.membersChanged(state.group(), state.connections());
        }
    }

    private void checkConflicts(ConsumerGroupState state) {
        if (state.isBroadcasting()) {
            conflicts.remove(state.group());
            return;
        }
        List<SubscriptionConflicts.Conflict> found = SubscriptionConflicts.detect(state.group(), state.memberSubscriptions());
        if (found.isEmpty()) {
            conflicts.remove(state.group());
            return;
        }
        conflicts.put(state.group(), found);
        for (SubscriptionConflicts.Conflict c : found) {
            String text = c.describe();
            if (loggedConflicts.add(text)) {
                LOG.warn(text);
            }
        }
    }

    public ConsumerGroupState group(String group) {
        return groups.get(group);
    }

    /** Names of the groups with at least one live member. */
    public List<String> groupNames() {
        return new ArrayList<>(new TreeMap<>(groups).keySet());
    }

    /** Groups with a live member subscribing {@code topic}. */
    public List<String> groupsSubscribing(String topic) {
        List<String> out = new ArrayList<>();
        for (ConsumerGroupState state : new TreeMap<>(groups).values()) {
            if (state.subscription(topic) != null) {
                out.add(state.group());
            }
        }
        return out;
    }

    /** The current subscription conflicts, by group. */
    public Map<String, List<SubscriptionConflicts.Conflict>> conflicts() {
        return new TreeMap<>(conflicts);
    }

    public List<SubscriptionConflicts.Conflict> conflicts(String group) {
        return conflicts.getOrDefault(group, List.of());
    }
}
