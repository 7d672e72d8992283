package dev.petrel.broker.filter;

import dev.petrel.broker.longpoll.HeldPull;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.filter.MatchResult;
import dev.petrel.message.filter.MessageFilter;
import dev.petrel.message.filter.PropertyLookup;
import dev.petrel.message.filter.TagFilter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What one pull filters with, as the store's read and long polling use it: first the ConsumeQueue tag code (TAG
 * subscriptions: the subscribed tags' hash codes; SQL92: always passes, Petrel builds no bloom bitmaps), then, for
 * SQL92, the stored record's properties (sql92-filter.md §4). Only an evaluation that is exactly TRUE matches; a
 * failed one counts in {@link EvaluationErrors} and skips the message. Matching records are handed out as the store
 * found them (zero copy); properties are decoded only when the expression asks for one.
 *
 * <p>Immutable and thread-safe; the record buffers it is given are valid only during the call.
 */
public final class PullFilter implements dev.petrel.store.MessageFilter, HeldPull.WakeFilter {

    /** Chooses the SQL92 filter for one message; null means "no filter" (match). */
    private interface Selection {
        MessageFilter filterFor(PropertyLookup properties);
    }

    private final TagFilter tags;
    private final Selection selection;
    private final String group;
    private final String topic;
    private final EvaluationErrors errors;

    private PullFilter(TagFilter tags, Selection selection, String group, String topic, EvaluationErrors errors) {
        this.tags = tags;
        this.selection = selection;
        this.group = group;
        this.topic = topic;
        this.errors = errors;
    }

    /** A TAG subscription: the tag-code check only (the client re-checks the exact tag string). */
    public static PullFilter tags(TagFilter tags) {
        return new PullFilter(tags, null, null, null, null);
    }

    /** A SQL92 subscription of {@code group} on {@code topic}. */
    public static PullFilter sql(MessageFilter filter, String group, String topic, EvaluationErrors errors) {
        return new PullFilter(null, p -> filter, group, topic, errors);
    }

    /**
     * A SQL92 pull of a retry topic with {@code filterSupportRetry}: each message is filtered with the group's filter
     * for the topic it was first sent to (its {@code RETRY_TOPIC} property), looked up in {@code table} when the
     * message is read; messages without that property, or whose original topic has no filter, match (Apache's
     * {@code ExpressionForRetryMessageFilter}).
     */
    public static PullFilter retry(String group, String retryTopic, ConsumerFilterTable table, EvaluationErrors errors) {
        return new PullFilter(null, p -> {
            String original = p.get(PropertyNames.RETRY_TOPIC);
            ConsumerFilter f = original == null ? null : table.get(original, group);
            return f == null ? null : f.filter();
        }, group, retryTopic, errors);
    }

    @Override
    public boolean matchesTagCode(long tagCode) {
        return tags == null || tags.matchesTagCode(tagCode);
    }

    @Override
    public boolean matchesRecord(ByteBuffer record) {
        return selection == null || evaluate(new RecordProperties(record), true);
    }

    /** Long polling: does a newly dispatched message wake this pull? (Failures are counted by the pull itself.) */
    @Override
    public boolean matches(long tagCode, Map<String, String> properties) {
        return matchesTagCode(tagCode) && (selection == null || evaluate(PropertyLookup.of(properties), false));
    }

    private boolean evaluate(PropertyLookup properties, boolean countErrors) {
        MessageFilter filter = selection.filterFor(properties);
        if (filter == null) {
            return true;
        }
        MatchResult result = filter.evaluate(properties);
        if (result.isError() && countErrors) {
            errors.record(group, topic, filter.expression(), result.error());
        }
        return result.isMatch();
    }

    /** The properties of one stored record, decoded on the first lookup. */
    private static final class RecordProperties implements PropertyLookup {
        private final ByteBuffer record;
        private Map<String, String> decoded;

        RecordProperties(ByteBuffer record) {
            this.record = record;
        }

        @Override
        public String get(String name) {
            if (decoded == null) {
                MessageRecordLayout.Sections s = MessageRecordLayout.sections(record, 0);
                byte[] bytes = new byte[s.propertiesLength()];
                record.get(s.propertiesOffset(), bytes);
                decoded = PropertiesCodec.decode(new String(bytes, StandardCharsets.UTF_8));
            }
            return decoded.get(name);
        }
    }

    @Override
    public String toString() {
        return tags != null ? tags.toString() : "SQL92 of " + group + " on " + topic;
    }
}
