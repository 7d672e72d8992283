package dev.petrel.client;

import dev.petrel.message.PropertyNames;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A message to send: topic, body, user flag and properties (tags, keys, delay and your own). Immutable; build one with
 * {@link #builder(String)} or {@link #of(String, String)}.
 *
 * <pre>{@code
 * Message m = Message.builder("Orders").body("{\"id\":42}").tags("created").keys("order-42").build();
 * }</pre>
 *
 * The body array is not copied: do not change it after handing it to the builder.
 */
public final class Message {

    /** Property names RocketMQ reserves for itself; {@link Builder#property} refuses them. */
    static final Set<String> RESERVED = Set.of(PropertyNames.KEYS, PropertyNames.TAGS, PropertyNames.WAIT_STORE_MSG_OK,
        PropertyNames.DELAY_TIME_LEVEL, PropertyNames.RETRY_TOPIC, PropertyNames.REAL_TOPIC,
        PropertyNames.REAL_QUEUE_ID, PropertyNames.TRANSACTION_PREPARED, PropertyNames.PRODUCER_GROUP,
        PropertyNames.MIN_OFFSET, PropertyNames.MAX_OFFSET, PropertyNames.BUYER_ID, PropertyNames.ORIGIN_MESSAGE_ID,
        PropertyNames.TRANSFER_FLAG, PropertyNames.CORRECTION_FLAG, PropertyNames.MQ2_FLAG,
        PropertyNames.RECONSUME_TIME, PropertyNames.MSG_REGION, PropertyNames.TRACE_SWITCH,
        PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, PropertyNames.MAX_RECONSUME_TIMES,
        PropertyNames.CONSUME_START_TIMESTAMP, PropertyNames.INNER_NUM, PropertyNames.INNER_BASE,
        PropertyNames.TRANSACTION_ID, PropertyNames.TRANSACTION_CHECK_TIMES, PropertyNames.INSTANCE_ID,
        PropertyNames.CLUSTER, PropertyNames.POP_CK, PropertyNames.TIMER_DELAY_SEC, PropertyNames.TIMER_DELAY_MS,
        PropertyNames.TIMER_DELIVER_MS, PropertyNames.TIMER_OUT_MS, PropertyNames.CRC32);

    private final String topic;
    private final byte[] body;
    private final int flag;
    private final Map<String, String> properties;

    private Message(String topic, byte[] body, int flag, Map<String, String> properties) {
        this.topic = topic;
        this.body = body;
        this.flag = flag;
        this.properties = Collections.unmodifiableMap(properties);
    }

    public static Builder builder(String topic) {
        return new Builder(topic);
    }

    public static Message of(String topic, byte[] body) {
        return builder(topic).body(body).build();
    }

    /** A message whose body is {@code body} in UTF-8. */
    public static Message of(String topic, String body) {
        return builder(topic).body(body).build();
    }

    /** For the client's own copies (retry sends): properties taken as they are, reserved names included. */
    public static Message withProperties(String topic, byte[] body, int flag, Map<String, String> properties) {
        return new Message(topic, body, flag, new LinkedHashMap<>(properties));
    }

    public String topic() {
        return topic;
    }

    /** The body, not copied. */
    public byte[] body() {
        return body;
    }

    /** The body decoded as UTF-8. */
    public String bodyAsString() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The user flag, an int stored with the message and not interpreted by RocketMQ. */
    public int flag() {
        return flag;
    }

    /** The tag, or null. */
    public String tags() {
        return properties.get(PropertyNames.TAGS);
    }

    /** The business keys (indexed by the broker for queries); empty when there are none. */
    public List<String> keys() {
        String keys = properties.get(PropertyNames.KEYS);
        return keys == null ? List.of() : List.of(keys.split(PropertyNames.KEY_SEPARATOR));
    }

    /** The delay level (1 = 1 s ... 18 = 2 h with the default table), 0 for none. */
    public int delayLevel() {
        String level = properties.get(PropertyNames.DELAY_TIME_LEVEL);
        return level == null ? 0 : Integer.parseInt(level);
    }

    /** Whether the broker answers only once the message is stored (flushed/replicated as configured). */
    public boolean waitStoreMsgOK() {
        String wait = properties.get(PropertyNames.WAIT_STORE_MSG_OK);
        return wait == null || Boolean.parseBoolean(wait);
    }

    public String property(String name) {
        return properties.get(name);
    }

    /** Every property, system ones included, in insertion order. */
    public Map<String, String> properties() {
        return properties;
    }

    @Override
    public String toString() {
        return "Message[topic=" + topic + ", flag=" + flag + ", properties=" + properties + ", body="
            + (body == null ? 0 : body.length) + " bytes]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Message m && topic.equals(m.topic) && flag == m.flag && Arrays.equals(body, m.body)
            && properties.equals(m.properties);
    }

    @Override
    public int hashCode() {
        return Objects.hash(topic, flag, properties) * 31 + Arrays.hashCode(body);
    }

    /** Builds a {@link Message}. Not thread-safe. */
    public static final class Builder {

        private final String topic;
        private byte[] body;
        private int flag;
        private final Map<String, String> properties = new LinkedHashMap<>();

        private Builder(String topic) {
            this.topic = Objects.requireNonNull(topic, "topic");
            properties.put(PropertyNames.WAIT_STORE_MSG_OK, "true");
        }

        public Builder body(byte[] value) {
            this.body = Objects.requireNonNull(value, "body");
            return this;
        }

        /** The body as UTF-8. */
        public Builder body(String value) {
            return body(value.getBytes(StandardCharsets.UTF_8));
        }

        public Builder flag(int value) {
            this.flag = value;
            return this;
        }

        /** The tag consumers filter on ({@code subscribe(topic, "TagA || TagB")}). */
        public Builder tags(String value) {
            return system(PropertyNames.TAGS, value);
        }

        /** Business keys; each is indexed by the broker for {@code queryMessage}. Keys may not contain spaces. */
        public Builder keys(String... values) {
            for (String v : values) {
                if (v.isEmpty() || v.contains(PropertyNames.KEY_SEPARATOR)) {
                    throw new IllegalArgumentException("a message key may not be empty or contain a space: '" + v + "'");
                }
            }
            return system(PropertyNames.KEYS, values.length == 0 ? null : String.join(PropertyNames.KEY_SEPARATOR, values));
        }

        /** Deliver after a delay level (1..18 with the broker's default table {@code 1s 5s 10s 30s 1m ... 2h}). */
        public Builder delayLevel(int level) {
            if (level < 0) {
                throw new IllegalArgumentException("delay level must be >= 0, got " + level);
            }
            return system(PropertyNames.DELAY_TIME_LEVEL, level == 0 ? null : Integer.toString(level));
        }

        /** Deliver after {@code delay} (timer messages; needs {@code timerWheelEnable} on the broker). */
        public Builder deliverAfter(Duration delay) {
            return system(PropertyNames.TIMER_DELAY_MS, Long.toString(delay.toMillis()));
        }

        /** Deliver at {@code time} (timer messages; needs {@code timerWheelEnable} on the broker). */
        public Builder deliverAt(Instant time) {
            return system(PropertyNames.TIMER_DELIVER_MS, Long.toString(time.toEpochMilli()));
        }

        /** false lets the broker answer before the message is flushed or replicated. Default true. */
        public Builder waitStoreMsgOK(boolean value) {
            return system(PropertyNames.WAIT_STORE_MSG_OK, Boolean.toString(value));
        }

        /**
         * A user property (consumers may filter on it with SQL92). Names RocketMQ reserves (TAGS, KEYS, DELAY,
         * UNIQ_KEY, ...) are refused: use the dedicated builder methods.
         */
        public Builder property(String name, String value) {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (RESERVED.contains(name)) {
                throw new IllegalArgumentException("property name " + name + " is reserved by RocketMQ; use the "
                    + "builder's tags/keys/delayLevel methods or another name");
            }
            if (name.isEmpty() || value.isEmpty()) {
                throw new IllegalArgumentException("property names and values may not be empty (RocketMQ drops them)");
            }
            properties.put(name, value);
            return this;
        }

        private Builder system(String name, String value) {
            if (value == null) {
                properties.remove(name);
            } else {
                properties.put(name, value);
            }
            return this;
        }

        public Message build() {
            if (body == null) {
                throw new IllegalArgumentException("message to " + topic + " has no body; set one with body(...)");
            }
            return new Message(topic, body, flag, new LinkedHashMap<>(properties));
        }
    }
}
