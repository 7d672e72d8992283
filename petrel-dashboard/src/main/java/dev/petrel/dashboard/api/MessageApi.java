package dev.petrel.dashboard.api;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.NetworkException;
import dev.petrel.client.Message;
import dev.petrel.client.NoRouteException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.producer.SendResult;
import dev.petrel.dashboard.http.ApiException;
import dev.petrel.dashboard.http.ApiRequest;
import dev.petrel.message.NameValidator;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The messages page (search by id, by key, by topic and time range; one message's detail with its consumption state
 * per group; resend), the dead-letter page (a group's {@code %DLQ%} topic by time) and the send-a-test-message form.
 * Bodies and properties are data from producers: they leave here as JSON strings and the pages render them as
 * text, never as markup.
 */
public final class MessageApi {

    /** At most this much of a body is returned as text and hex (the detail says when it was cut). */
    static final int BODY_SHOWN_BYTES = 64 * 1024;
    static final int DEFAULT_MAX = 64;
    static final int MAX_RESULTS = 1000;
    private static final int PULL_BATCH = 32;

    /** Properties a resent copy leaves out: the broker's and the retry machinery's, and the old unique id. */
    static final Set<String> NOT_RESENT = Set.of(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, PropertyNames.MIN_OFFSET,
        PropertyNames.MAX_OFFSET, PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID, PropertyNames.RETRY_TOPIC,
        PropertyNames.RECONSUME_TIME, PropertyNames.MAX_RECONSUME_TIMES, PropertyNames.DELAY_TIME_LEVEL,
        PropertyNames.ORIGIN_MESSAGE_ID, PropertyNames.CONSUME_START_TIMESTAMP, PropertyNames.TRANSACTION_PREPARED,
        PropertyNames.PRODUCER_GROUP, PropertyNames.CLUSTER, PropertyNames.TIMER_DELAY_SEC, PropertyNames.TIMER_DELAY_MS,
        PropertyNames.TIMER_DELIVER_MS, PropertyNames.TIMER_OUT_MS, PropertyNames.CRC32, PropertyNames.INNER_NUM,
        PropertyNames.INNER_BASE, PropertyNames.TRANSACTION_ID, PropertyNames.TRANSACTION_CHECK_TIMES,
        PropertyNames.EXTEND_UNIQ_INFO, PropertyNames.TIMER_DEL_UNIQKEY, PropertyNames.DLQ_ORIGIN_MESSAGE_ID,
        PropertyNames.POP_CK);

    /** One search hit. */
    public record MessageRow(String msgId, String topic, String tags, List<String> keys, String brokerName, int queueId,
                             long queueOffset, long storeTimestamp, int bodyLength) {
    }

    public record Search(List<MessageRow> messages, boolean truncated, String note) {
    }

    public record Track(String group, String state) {
    }

    public record MessageDetail(String msgId, String offsetMsgId, String topic, String tags, List<String> keys,
                                String brokerName, int queueId, long queueOffset, long commitLogOffset,
                                long bornTimestamp, long storeTimestamp, String bornHost, String storeHost,
                                int reconsumeTimes, int sysFlag, int storeSize, Map<String, String> properties,
                                int bodyLength, String bodyText, String bodyHex, boolean bodyTruncated,
                                List<Track> tracks, String tracksError) {
    }

    public record Sent(String status, String msgId, String offsetMsgId, String topic, String brokerName, int queueId,
                       long queueOffset) {
    }

    private final DashboardClients clients;

    public MessageApi(DashboardClients clients) {
        this.clients = clients;
    }

    // ---- search

    public MessageDetail byId(ApiRequest request) {
        String topic = request.string("topic");
        String msgId = request.string("msgId");
        return detail(find(topic, msgId));
    }

    /** The message, or 404 when neither its offset id nor its unique key finds it (a broker error stays a 502). */
    private ReceivedMessage find(String topic, String msgId) {
        try {
            return clients.admin().admin().viewMessage(topic, msgId);
        } catch (BrokerException | NetworkException e) {
            throw e;
        } catch (ClientException e) {
            throw new ApiException(ApiException.NOT_FOUND, e.getMessage());
        }
    }

    public Search byKey(ApiRequest request) {
        String topic = request.string("topic");
        String key = request.string("key");
        long begin = request.longValue("begin", 0, 0, Long.MAX_VALUE);
        long end = request.longValue("end", Long.MAX_VALUE, 0, Long.MAX_VALUE);
        int max = request.integer("max", DEFAULT_MAX, 1, MAX_RESULTS);
        List<ReceivedMessage> found = clients.admin().admin().queryMessageByKey(topic, key, max, begin, end);
        List<MessageRow> rows = new ArrayList<>();
        found.stream().sorted(Comparator.comparingLong(ReceivedMessage::storeTimestamp)).limit(max)
            .forEach(m -> rows.add(row(m)));
        return new Search(rows, found.size() > max, null);
    }

    /** Messages of {@code topic} stored in [{@code begin}, {@code end}) (epoch ms), at most {@code max}, oldest first. */
    public Search byTime(ApiRequest request) {
        String topic = request.string("topic");
        return scan(topic, request);
    }

    /** The dead-letter messages of {@code group}: its {@code %DLQ%} topic by time. */
    public Search deadLetters(ApiRequest request) {
        String group = request.string("group");
        String dlq = NameValidator.DLQ_PREFIX + group;
        try {
            return scan(dlq, request);
        } catch (NoRouteException e) {
            return new Search(List.of(), false, "group " + group + " has no dead-letter messages (no topic " + dlq + ")");
        }
    }

    private Search scan(String topic, ApiRequest request) {
        long now = System.currentTimeMillis();
        long end = request.longValue("end", now + 1, 0, Long.MAX_VALUE / 2);
        long begin = request.longValue("begin", end - 3_600_000L, 0, end);
        int max = request.integer("max", DEFAULT_MAX, 1, MAX_RESULTS);
        PetrelPullConsumer puller = clients.puller();
        List<ReceivedMessage> found = new ArrayList<>();
        boolean truncated = false;
        for (MessageQueue q : new TreeSet<>(puller.fetchSubscribeQueues(topic))) {
            long offset = puller.searchOffset(q, Instant.ofEpochMilli(begin));
            long last = puller.maxOffset(q);
            while (offset < last) {
                PullResult p = puller.pull(q, "*", offset, PULL_BATCH);
                if (p.status() != PullStatus.FOUND && p.status() != PullStatus.NO_MATCHED_MSG) {
                    break;
                }
                boolean past = false;
                for (ReceivedMessage m : p.messages()) {
                    if (m.storeTimestamp() >= end) {
                        past = true;
                        break;
                    }
                    if (m.storeTimestamp() >= begin) {
                        if (found.size() >= max) {
                            truncated = true;
                            past = true;
                            break;
                        }
                        found.add(m);
                    }
                }
                if (past || p.nextBeginOffset() <= offset) {
                    break;
                }
                offset = p.nextBeginOffset();
            }
        }
        found.sort(Comparator.comparingLong(ReceivedMessage::storeTimestamp));
        List<MessageRow> rows = new ArrayList<>(found.size());
        found.forEach(m -> rows.add(row(m)));
        return new Search(rows, truncated, truncated ? "more than " + max + " messages in the range: narrow it" : null);
    }

    private static MessageRow row(ReceivedMessage m) {
        return new MessageRow(m.msgId(), m.topic(), m.tags(), m.keys(), m.brokerName(), m.queueId(), m.queueOffset(),
            m.storeTimestamp(), m.body().length);
    }

    MessageDetail detail(ReceivedMessage m) {
        byte[] body = m.body();
        int shown = Math.min(body.length, BODY_SHOWN_BYTES);
        String text = new String(body, 0, shown, StandardCharsets.UTF_8);
        String hex = HexFormat.ofDelimiter(" ").formatHex(body, 0, shown);
        List<Track> tracks = new ArrayList<>();
        String tracksError = null;
        try {
            clients.admin().messageTracks(m).forEach((g, state) -> tracks.add(new Track(g, state)));
        } catch (ClientException e) {
            tracksError = e.getMessage();
        }
        return new MessageDetail(m.msgId(), m.offsetMsgId(), m.topic(), m.tags(), m.keys(), m.brokerName(), m.queueId(),
            m.queueOffset(), m.commitLogOffset(), m.bornTimestamp(), m.storeTimestamp(), m.bornHost(), m.storeHost(),
            m.reconsumeTimes(), m.sysFlag(), m.storeSize(), new TreeMap<>(m.properties()), body.length, text, hex,
            shown < body.length, tracks, tracksError);
    }

    // ---- send and resend

    public Sent send(ApiRequest request) {
        String topic = request.string("topic");
        String body = request.raw("body", "");
        if (body.isEmpty()) {
            throw ApiException.badRequest("parameter 'body' is required: a message needs a body");
        }
        Message.Builder b = Message.builder(topic).body(body.getBytes(StandardCharsets.UTF_8));
        String tag = request.string("tag", null);
        if (tag != null) {
            b.tags(tag);
        }
        String key = request.string("key", null);
        if (key != null) {
            b.keys(key.split("\\s+"));
        }
        return sent(topic, clients.producer().send(b.build()));
    }

    /**
     * Sends a copy of the message (body, tags, keys, user properties; a new message id) to the topic it was first
     * sent to: its own, or for a retry or dead-letter message the original topic named by its RETRY_TOPIC property.
     * Every group subscribed to that topic receives the copy.
     */
    public Sent resend(ApiRequest request) {
        String topic = request.string("topic");
        String msgId = request.string("msgId");
        ReceivedMessage m = find(topic, msgId);
        String target = m.topic();
        String original = m.property(PropertyNames.RETRY_TOPIC);
        if ((target.startsWith(NameValidator.DLQ_PREFIX) || target.startsWith(NameValidator.RETRY_PREFIX))
            && original != null && !original.isBlank()) {
            target = original;
        }
        Map<String, String> properties = new LinkedHashMap<>();
        m.properties().forEach((k, v) -> {
            if (!NOT_RESENT.contains(k)) {
                properties.put(k, v);
            }
        });
        return sent(target, clients.producer().send(Message.withProperties(target, m.body(), m.flag(), properties)));
    }

    private static Sent sent(String topic, SendResult r) {
        return new Sent(r.status().name(), r.msgId(), r.offsetMsgId(), topic, r.queue().brokerName(), r.queue().queueId(),
            r.queueOffset());
    }
}
