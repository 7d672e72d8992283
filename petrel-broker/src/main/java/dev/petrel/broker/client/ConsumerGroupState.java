package dev.petrel.broker.client;

import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.remoting.Connection;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The live members of one consumer group and what they subscribe (Apache's {@code ConsumerGroupInfo}).
 *
 * <p>The group-level subscription table follows Apache: one subscription per topic, replaced when a heartbeat
 * carries a newer {@code subVersion}; pulls without their own subscription are filtered with it. Each member's own
 * subscriptions are kept too, to detect members that disagree ({@link SubscriptionConflicts}).
 *
 * <p>Threads: heartbeat, unregister, connection-event and expiry-scan threads; every method holds this object's
 * monitor.
 */
public final class ConsumerGroupState {

    private final String group;
    private final Map<Connection, ClientSession> sessions = new LinkedHashMap<>();
    private final Map<Connection, Set<SubscriptionData>> memberSubscriptions = new LinkedHashMap<>();
    private final Map<String, SubscriptionData> subscriptions = new TreeMap<>();
    private ConsumeType consumeType;
    private MessageModel messageModel;
    private ConsumeFromWhere consumeFromWhere;

    ConsumerGroupState(String group) {
        this.group = group;
    }

    public String group() {
        return group;
    }

    /** What one heartbeat changed. */
    record Update(boolean newMember, boolean subscriptionsChanged) {
        boolean any() {
            return newMember || subscriptionsChanged;
        }
    }

    /** @param subs the member's subscriptions, or null to keep the current ones (heartbeat V2 {@code withoutSub}) */
    synchronized Update update(ClientSession session, ConsumeType type, MessageModel model, ConsumeFromWhere from,
                               Set<SubscriptionData> subs, long nowMillis) {
        this.consumeType = type;
        this.messageModel = model;
        this.consumeFromWhere = from;
        ClientSession old = sessions.get(session.connection());
        boolean newMember = false;
        if (old == null || !old.clientId().equals(session.clientId())) {
            sessions.put(session.connection(), session);
            newMember = old == null;
        } else {
            old.touch(nowMillis);
        }
        if (subs == null) {
            // Heartbeat V2 without subscriptions: they did not change since the last full heartbeat.
            memberSubscriptions.putIfAbsent(session.connection(), Set.of());
            return new Update(newMember, false);
        }
        memberSubscriptions.put(session.connection(), Set.copyOf(subs));
        return new Update(newMember, updateSubscriptions(subs));
    }

    /** Apache's {@code updateSubscription}: add new topics, replace with newer versions, drop topics not listed. */
    private boolean updateSubscriptions(Set<SubscriptionData> subs) {
        boolean changed = false;
        Set<String> topics = new HashSet<>();
        for (SubscriptionData s : subs) {
            topics.add(s.topic());
            SubscriptionData old = subscriptions.get(s.topic());
            if (old == null) {
                subscriptions.put(s.topic(), s);
                changed = true;
            } else if (s.subVersion() > old.subVersion()) {
                subscriptions.put(s.topic(), s);
            }
        }
        if (subscriptions.keySet().retainAll(topics)) {
            changed = true;
        }
        return changed;
    }

    /** Removes a member; returns its session or null. */
    synchronized ClientSession remove(Connection connection) {
        memberSubscriptions.remove(connection);
        return sessions.remove(connection);
    }

    /** Removes members whose last heartbeat is older than {@code timeoutMillis}; returns them. */
    synchronized List<ClientSession> removeExpired(long nowMillis, long timeoutMillis) {
        List<ClientSession> expired = new ArrayList<>();
        sessions.values().removeIf(s -> {
            if (nowMillis - s.lastHeartbeatMillis() > timeoutMillis) {
                expired.add(s);
                return true;
            }
            return false;
        });
        expired.forEach(s -> memberSubscriptions.remove(s.connection()));
        return expired;
    }

    public synchronized boolean isEmpty() {
        return sessions.isEmpty();
    }

    public synchronized List<ClientSession> sessions() {
        return new ArrayList<>(sessions.values());
    }

    public synchronized List<Connection> connections() {
        return new ArrayList<>(sessions.keySet());
    }

    /** Client ids of the members, in join order. */
    public synchronized List<String> clientIds() {
        List<String> ids = new ArrayList<>(sessions.size());
        sessions.values().forEach(s -> ids.add(s.clientId()));
        return ids;
    }

    public synchronized SubscriptionData subscription(String topic) {
        return subscriptions.get(topic);
    }

    public synchronized Map<String, SubscriptionData> subscriptions() {
        return new TreeMap<>(subscriptions);
    }

    /** Client id → that member's subscriptions. */
    synchronized Map<String, Set<SubscriptionData>> memberSubscriptions() {
        Map<String, Set<SubscriptionData>> out = new TreeMap<>();
        memberSubscriptions.forEach((c, subs) -> {
            ClientSession s = sessions.get(c);
            if (s != null) {
                out.put(s.clientId(), subs);
            }
        });
        return out;
    }

    public synchronized ConsumeType consumeType() {
        return consumeType;
    }

    public synchronized MessageModel messageModel() {
        return messageModel;
    }

    public synchronized ConsumeFromWhere consumeFromWhere() {
        return consumeFromWhere;
    }

    public synchronized boolean isBroadcasting() {
        return messageModel == MessageModel.BROADCASTING;
    }
}
