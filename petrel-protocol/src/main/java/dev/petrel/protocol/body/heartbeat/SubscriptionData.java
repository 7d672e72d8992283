package dev.petrel.protocol.body.heartbeat;

import dev.petrel.protocol.body.BodyCollections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One subscription of a consumer group: in heartbeats, connections, running info and CHECK_CLIENT_CONFIG.
 * {@code filterClassSource} exists in Apache's class but is never written. A missing (null) expression type means
 * {@link #TAG}, as in Apache.
 *
 * @param classFilterMode obsolete class filter
 * @param codeSet         {@link String#hashCode()} of each tag (what the broker compares with the stored tag hash)
 * @param expressionType  {@link #TAG} or {@link #SQL92}
 * @param subString       the raw expression, {@code *} for everything
 * @param subVersion      client time in ms when the subscription was built; pulls carry the same value
 * @param tagsSet         the tags of a TAG expression
 * @param topic           topic
 */
public record SubscriptionData(
    boolean classFilterMode,
    Set<Integer> codeSet,
    String expressionType,
    String subString,
    long subVersion,
    Set<String> tagsSet,
    String topic) {

    public static final String TAG = "TAG";
    public static final String SQL92 = "SQL92";
    /** Subscribe to every tag. */
    public static final String SUB_ALL = "*";

    public SubscriptionData {
        codeSet = BodyCollections.set(codeSet);
        tagsSet = BodyCollections.set(tagsSet);
        // Apache's default; done here rather than through registered JSON defaults because every heartbeat and
        // every pull subscription passes through this constructor (the generic defaults path costs a tree per object).
        expressionType = expressionType == null ? TAG : expressionType;
    }

    /**
     * The subscription the 5.3.1 client builds. TAG (or null type): the expression split on {@code ||}, each part
     * trimmed, empty parts dropped, into {@code tagsSet}/{@code codeSet}; an empty or {@code *} expression subscribes
     * to everything ({@code subString = "*"}, empty sets). Other types (SQL92) keep the expression as is, no sets.
     */
    public static SubscriptionData of(String topic, String expressionType, String expression, long subVersion) {
        String type = expressionType == null ? TAG : expressionType;
        if (!TAG.equals(type)) {
            return new SubscriptionData(false, Set.of(), type, expression, subVersion, Set.of(), topic);
        }
        if (expression == null || expression.isEmpty() || expression.equals(SUB_ALL)) {
            return new SubscriptionData(false, Set.of(), TAG, SUB_ALL, subVersion, Set.of(), topic);
        }
        Set<String> tags = new LinkedHashSet<>();
        Set<Integer> codes = new LinkedHashSet<>();
        for (String part : expression.split("\\|\\|")) {
            String tag = part.trim();
            if (!tag.isEmpty()) {
                tags.add(tag);
                codes.add(tag.hashCode());
            }
        }
        return new SubscriptionData(false, codes, TAG, expression, subVersion, tags, topic);
    }
}
