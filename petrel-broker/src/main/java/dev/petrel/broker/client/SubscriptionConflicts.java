package dev.petrel.broker.client;

import dev.petrel.protocol.body.heartbeat.SubscriptionData;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds consumer groups whose members subscribe differently. In clustering mode RocketMQ splits every subscribed
 * topic's queues among <em>all</em> members of the group, so a member that does not subscribe a topic (or filters it
 * with other tags) silently leaves part of that topic's messages unconsumed or skipped: the classic "same group,
 * different subscription" mistake. Apache accepts it without a word; Petrel reports it.
 *
 * <p>Pure: from each member's subscriptions to the conflicts, one per topic on which members disagree.
 */
public final class SubscriptionConflicts {

    /** Marker used in {@link Conflict#expressions()} for a member that does not subscribe the topic at all. */
    public static final String NOT_SUBSCRIBED = "(not subscribed)";

    /**
     * Members of {@code group} disagree on {@code topic}.
     *
     * @param expressions client id → {@code TYPE expression}, or {@link #NOT_SUBSCRIBED}
     */
    public record Conflict(String group, String topic, Map<String, String> expressions) {

        /** One line for logs and the admin view. */
        public String describe() {
            StringBuilder sb = new StringBuilder("consumer group ").append(group).append(": members subscribe topic ")
                .append(topic).append(" differently (");
            boolean first = true;
            for (Map.Entry<String, String> e : expressions.entrySet()) {
                if (!first) {
                    sb.append("; ");
                }
                first = false;
                sb.append(e.getKey()).append(" -> ").append(e.getValue());
            }
            return sb.append("); every member gets a share of the topic's queues, so messages that a share's owner does "
                + "not subscribe are never consumed. Give each subscription its own consumer group.").toString();
        }
    }

    private SubscriptionConflicts() {
    }

    /**
     * @param members client id → that member's subscriptions; members with no subscription at all (lite-pull
     *                consumers that assign queues themselves) are ignored
     */
    public static List<Conflict> detect(String group, Map<String, Set<SubscriptionData>> members) {
        Map<String, Map<String, String>> byTopic = new TreeMap<>();
        Set<String> voters = new TreeSet<>();
        for (Map.Entry<String, Set<SubscriptionData>> m : members.entrySet()) {
            if (m.getValue().isEmpty()) {
                continue;
            }
            voters.add(m.getKey());
            for (SubscriptionData s : m.getValue()) {
                byTopic.computeIfAbsent(s.topic(), t -> new TreeMap<>()).put(m.getKey(), expression(s));
            }
        }
        List<Conflict> conflicts = new ArrayList<>();
        if (voters.size() < 2) {
            return conflicts;
        }
        for (Map.Entry<String, Map<String, String>> t : byTopic.entrySet()) {
            Map<String, String> expressions = new TreeMap<>(t.getValue());
            for (String member : voters) {
                expressions.putIfAbsent(member, NOT_SUBSCRIBED);
            }
            if (new TreeSet<>(expressions.values()).size() > 1) {
                conflicts.add(new Conflict(group, t.getKey(), expressions));
            }
        }
        return conflicts;
    }

    /** {@code TAG a || b} with the tags in a canonical order, so "a||b" and "b || a" agree. */
    static String expression(SubscriptionData s) {
        String type = s.expressionType() == null ? SubscriptionData.TAG : s.expressionType();
        if (SubscriptionData.TAG.equals(type)) {
            if (s.tagsSet().isEmpty()) {
                return "TAG *";
            }
            return "TAG " + String.join(" || ", new TreeSet<>(s.tagsSet()));
        }
        return type + " " + (s.subString() == null ? "" : s.subString().trim());
    }
}
