package dev.petrel.protocol.frame;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One remoting command: a request or a response, with the fields both header encodings carry (remoting-frame.md §2)
 * plus the body and the encoding it arrived in.
 *
 * <p>Immutable, with one exception that keeps the hot path free of copies: the {@linkplain #body() body} array is
 * shared, not copied; whoever hands an array to a command must not change it afterwards.
 *
 * <p>Ext fields are held in a {@link HashMap} filled in the order they were given, because the JSON header lists them
 * in HashMap iteration order (fastjson does not sort maps): the same keys put in the same order into a fresh
 * {@code HashMap} give the same bytes as Apache's encoder. A command with no ext fields at all and one with an
 * empty map differ on the wire ({@code "extFields":{}} versus nothing) and therefore differ here too.
 */
public final class RemotingCommand {

    /** Flag bit 0: this frame answers a request. */
    public static final int FLAG_RESPONSE = 0x1;
    /** Flag bit 1: a request that must never be answered, not even with an error. */
    public static final int FLAG_ONEWAY = 0x2;

    private final int code;
    private final LanguageCode language;
    private final int version;
    private final int opaque;
    private final int flag;
    private final String remark;
    /** Null when the command has no ext fields; never modified after construction. */
    private final HashMap<String, String> extFields;
    private final Map<String, String> extFieldsView;
    /** Null when absent; an empty body is stored as absent because the wire cannot tell them apart. */
    private final byte[] body;
    private final SerializeType serializeType;

    /** For codecs and the builder: takes ownership of {@code extFields}, which must hold no null key or value. */
    RemotingCommand(int code, LanguageCode language, int version, int opaque, int flag, String remark,
                    HashMap<String, String> extFields, byte[] body, SerializeType serializeType) {
        this.code = code;
        this.language = Objects.requireNonNull(language, "language");
        this.version = version;
        this.opaque = opaque;
        this.flag = flag;
        this.remark = remark;
        this.extFields = extFields;
        this.extFieldsView = extFields == null ? Map.of() : Collections.unmodifiableMap(extFields);
        this.body = body == null || body.length == 0 ? null : body;
        this.serializeType = Objects.requireNonNull(serializeType, "serializeType");
    }

    /**
     * A request (sync or async; see {@link #asOneway()}) from Petrel: language JAVA, version
     * {@link RemotingVersion#CURRENT}, JSON, opaque 0 (the remoting layer assigns the opaque when it sends).
     *
     * @param extFields the custom header, copied in iteration order; null for none
     * @param body      the body, not copied; null for none
     */
    public static RemotingCommand request(int code, Map<String, String> extFields, byte[] body) {
        return newRequest(code).extFields(extFields).body(body).build();
    }

    /** A builder for a request, preset like {@link #request(int, Map, byte[])}. */
    public static Builder newRequest(int code) {
        return new Builder(code);
    }

    /**
     * A response to this request: the request's opaque and serialize type, the response flag, language JAVA and
     * version {@link RemotingVersion#CURRENT}; no ext fields, no body.
     *
     * @param remark human-readable text, usually an error description; null for none
     */
    public RemotingCommand response(int responseCode, String remark) {
        return newResponse(responseCode).remark(remark).build();
    }

    /** A builder for a response to this request, preset like {@link #response(int, String)}. */
    public Builder newResponse(int responseCode) {
        return new Builder(responseCode).opaque(opaque).flag(FLAG_RESPONSE).serializeType(serializeType);
    }

    /** This command with the oneway flag set. */
    public RemotingCommand asOneway() {
        return isOneway() ? this : copy(opaque, flag | FLAG_ONEWAY, serializeType);
    }

    /** This command with another opaque (the remoting layer numbers requests as it sends them). */
    public RemotingCommand withOpaque(int newOpaque) {
        return newOpaque == opaque ? this : copy(newOpaque, flag, serializeType);
    }

    /** This command, to be encoded with another header encoding. */
    public RemotingCommand withSerializeType(SerializeType type) {
        return type == serializeType ? this : copy(opaque, flag, type);
    }

    /** A builder holding a copy of every field; the body array is shared. */
    public Builder toBuilder() {
        Builder b = new Builder(code).language(language).version(version).opaque(opaque).flag(flag).remark(remark)
            .body(body).serializeType(serializeType);
        if (extFields != null) {
            b.extFields(extFields);
        }
        return b;
    }

    private RemotingCommand copy(int newOpaque, int newFlag, SerializeType newType) {
        return new RemotingCommand(code, language, version, newOpaque, newFlag, remark, extFields, body, newType);
    }

    /** Request code (requests) or response code (responses). */
    public int code() {
        return code;
    }

    public LanguageCode language() {
        return language;
    }

    /** The sender's {@link RemotingVersion} ordinal. */
    public int version() {
        return version;
    }

    /** The request id; a response carries its request's opaque. */
    public int opaque() {
        return opaque;
    }

    /** All flag bits as received ({@link #FLAG_RESPONSE}, {@link #FLAG_ONEWAY}; other bits are kept, not interpreted). */
    public int flag() {
        return flag;
    }

    public boolean isResponse() {
        return (flag & FLAG_RESPONSE) != 0;
    }

    public boolean isOneway() {
        return (flag & FLAG_ONEWAY) != 0;
    }

    /** The remark, or null. */
    public String remark() {
        return remark;
    }

    /** Whether the header carries an ext-field map at all (possibly empty). */
    public boolean hasExtFields() {
        return extFields != null;
    }

    /** The ext fields, unmodifiable, in encoding order; empty when there are none. */
    public Map<String, String> extFields() {
        return extFieldsView;
    }

    /** One ext field, or null when absent. */
    public String extField(String key) {
        return extFields == null ? null : extFields.get(key);
    }

    /** The body (shared, do not modify), or null when the frame has none. */
    public byte[] body() {
        return body;
    }

    public int bodyLength() {
        return body == null ? 0 : body.length;
    }

    /** The encoding this command arrived in, or is to be sent in. */
    public SerializeType serializeType() {
        return serializeType;
    }

    HashMap<String, String> extFieldsMap() {
        return extFields;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RemotingCommand other)) {
            return false;
        }
        return code == other.code && language == other.language && version == other.version && opaque == other.opaque
            && flag == other.flag && Objects.equals(remark, other.remark) && Objects.equals(extFields, other.extFields)
            && Arrays.equals(body, other.body) && serializeType == other.serializeType;
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(code, language, version, opaque, flag, remark, extFields, serializeType);
        return 31 * h + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "RemotingCommand[code=" + code + ", " + (isResponse() ? "response" : isOneway() ? "oneway request" : "request")
            + ", opaque=" + opaque + ", flag=" + flag + ", language=" + language + ", version=" + version
            + (remark == null ? "" : ", remark=" + remark) + (extFields == null ? "" : ", extFields=" + extFields)
            + ", body=" + bodyLength() + " bytes, " + serializeType + "]";
    }

    /**
     * Builds a command. Not thread-safe; {@link #build()} hands the collected ext fields to the command, after which
     * the builder cannot be used again.
     */
    public static final class Builder {

        private int code;
        private LanguageCode language = LanguageCode.JAVA;
        private int version = RemotingVersion.CURRENT;
        private int opaque;
        private int flag;
        private String remark;
        private HashMap<String, String> extFields;
        private byte[] body;
        private SerializeType serializeType = SerializeType.JSON;
        private boolean built;

        private Builder(int code) {
            this.code = code;
        }

        public Builder code(int value) {
            check();
            this.code = value;
            return this;
        }

        public Builder language(LanguageCode value) {
            check();
            this.language = Objects.requireNonNull(value, "language");
            return this;
        }

        public Builder version(int value) {
            check();
            this.version = value;
            return this;
        }

        public Builder opaque(int value) {
            check();
            this.opaque = value;
            return this;
        }

        /** Replaces all flag bits. */
        public Builder flag(int value) {
            check();
            this.flag = value;
            return this;
        }

        public Builder oneway() {
            check();
            this.flag |= FLAG_ONEWAY;
            return this;
        }

        public Builder remark(String value) {
            check();
            this.remark = value;
            return this;
        }

        /** Adds one ext field; a null value adds nothing (Apache never sends null header fields). */
        public Builder extField(String key, String value) {
            check();
            Objects.requireNonNull(key, "ext field key");
            if (extFields == null) {
                extFields = new HashMap<>();
            }
            if (value != null) {
                extFields.put(key, value);
            }
            return this;
        }

        /**
         * Adds every entry of {@code fields} in its iteration order (entries with a null value are skipped). An empty
         * map still makes the header carry {@code "extFields":{}}; null adds nothing.
         */
        public Builder extFields(Map<String, String> fields) {
            check();
            if (fields == null) {
                return this;
            }
            if (extFields == null) {
                // Entries are put one by one into a default-sized map, never pre-sized: capacity decides the
                // iteration order, and Apache fills a default-sized map the same way.
                extFields = new HashMap<>();
            }
            for (Map.Entry<String, String> e : fields.entrySet()) {
                extField(e.getKey(), e.getValue());
            }
            return this;
        }

        /** The body, not copied; null or empty for none. */
        public Builder body(byte[] value) {
            check();
            this.body = value;
            return this;
        }

        public Builder serializeType(SerializeType value) {
            check();
            this.serializeType = Objects.requireNonNull(value, "serializeType");
            return this;
        }

        public RemotingCommand build() {
            check();
            built = true;
            return new RemotingCommand(code, language, version, opaque, flag, remark, extFields, body, serializeType);
        }

        private void check() {
            if (built) {
                throw new IllegalStateException("this builder already built its command; start a new one");
            }
        }
    }
}
