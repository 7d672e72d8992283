package dev.petrel.common.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * JSON for RocketMQ's bodies and files: the one place where Petrel configures its JSON library (Jackson).
 *
 * <p><b>Writing</b> produces standard JSON in the shape fastjson gives the same data, so Apache RocketMQ 5.3.1 reads
 * it: properties sorted alphabetically (record components and {@code getX()}/{@code isX()} methods, the latter being
 * how derived properties such as {@code QueueTimeSpan.minTimeStampStr} are written), nulls omitted, empty collections
 * written, enums by name, map entries sorted by key when the keys are
 * {@link Comparable} (deterministic bytes). Map keys are always JSON strings: numbers
 * quoted ({@code {"0":"addr"}}) and records as a string holding their JSON (see {@link RocketMqJsonModule}). No
 * {@code $ref} is ever written.
 *
 * <p><b>Reading</b> accepts what Apache components send: fastjson's unquoted numeric keys and object keys (rewritten
 * by {@link FastjsonNormalizer}), {@code $ref} markers (resolved by {@link FastjsonRefResolver}), any property order,
 * unknown properties (ignored), unknown enum names (null), numbers written as strings. Properties missing from the
 * input are null/0/false, or the registered defaults (see {@link Builder#absentDefaults}).
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class JsonCodec {

    private static final JsonCodec STANDARD = builder().build();

    private final ObjectMapper mapper;

    private JsonCodec(Map<Class<?>, Object> defaults) {
        JsonFactory factory = new JsonFactory();
        Map<Class<?>, ObjectNode> defaultTrees = new LinkedHashMap<>();
        if (!defaults.isEmpty()) {
            ObjectMapper plain = newMapper(factory, Map.of());
            defaults.forEach((type, value) -> defaultTrees.put(type, plain.valueToTree(value)));
        }
        this.mapper = newMapper(factory, defaultTrees);
    }

    private static ObjectMapper newMapper(JsonFactory factory, Map<Class<?>, ObjectNode> defaults) {
        return JsonMapper.builder(factory)
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(SerializationFeature.FAIL_ON_ORDER_MAP_BY_INCOMPARABLE_KEY)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL)
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL,
                JsonInclude.Include.NON_NULL))
            .addModule(new RocketMqJsonModule(factory, defaults))
            .build();
    }

    /** The codec without absent-property defaults. */
    public static JsonCodec standard() {
        return STANDARD;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Standard JSON, UTF-8. */
    public byte[] encode(Object value) {
        try {
            return mapper.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + typeName(value) + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    public String encodeToString(Object value) {
        return new String(encode(value), StandardCharsets.UTF_8);
    }

    /** Indented standard JSON, UTF-8: for files people read. */
    public byte[] encodePretty(Object value) {
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + typeName(value) + " as JSON: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads {@code json} (UTF-8; standard JSON or fastjson's dialect) as a {@code type}.
     *
     * @throws JsonException if the text is malformed or does not fit the type
     */
    public <T> T decode(byte[] json, Class<T> type) {
        return decode(json, mapper.constructType(type));
    }

    /** As {@link #decode(byte[], Class)}, from a string. */
    public <T> T decode(String json, Class<T> type) {
        return decode(json.getBytes(StandardCharsets.UTF_8), type);
    }

    /** As {@link #decode(byte[], Class)}, for a generic type such as {@code List<String>}. */
    public <T> T decode(byte[] json, JsonType<T> type) {
        return decode(json, mapper.constructType(type.type()));
    }

    private <T> T decode(byte[] json, JavaType type) {
        Objects.requireNonNull(json, "json");
        FastjsonNormalizer.Result normalized;
        try {
            normalized = FastjsonNormalizer.normalize(json);
        } catch (JsonException e) {
            throw new JsonException("cannot read " + type.getRawClass().getSimpleName() + ": " + e.getMessage(), e);
        }
        try {
            T value;
            if (normalized.hasRefs()) {
                JsonNode tree = FastjsonRefResolver.resolve(mapper, mapper.readTree(normalized.json()));
                value = mapper.treeToValue(tree, type);
            } else {
                value = mapper.readValue(normalized.json(), type);
            }
            if (value == null) {
                throw new JsonException("cannot read " + type.getRawClass().getSimpleName() + " from JSON null");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new JsonException("cannot read " + type.getRawClass().getSimpleName() + " from JSON: "
                + e.getOriginalMessage() + locationOf(e), e);
        } catch (IOException e) {
            throw new JsonException("cannot read " + type.getRawClass().getSimpleName() + " from JSON: " + e, e);
        } catch (IllegalArgumentException e) {
            // Tree conversion reports mapping problems this way.
            throw new JsonException("cannot read " + type.getRawClass().getSimpleName() + " from JSON: " + e, e);
        }
    }

    private static String locationOf(JsonProcessingException e) {
        if (e instanceof com.fasterxml.jackson.databind.JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return " (at " + mapping.getPathReference() + ")";
        }
        return e.getLocation() == null ? "" : " (at offset " + e.getLocation().getByteOffset() + ")";
    }

    private static String typeName(Object value) {
        return value == null ? "null" : value.getClass().getName();
    }

    /** Builds a {@link JsonCodec}. */
    public static final class Builder {
        private final Map<Class<?>, Object> defaults = new LinkedHashMap<>();

        private Builder() {
        }

        /**
         * Properties of {@code type} absent from the input take their values from {@code defaultsInstance} (its JSON
         * form), instead of null/0/false.
         */
        public <T> Builder absentDefaults(Class<T> type, T defaultsInstance) {
            defaults.put(Objects.requireNonNull(type), Objects.requireNonNull(defaultsInstance));
            return this;
        }

        public JsonCodec build() {
            return new JsonCodec(defaults);
        }
    }
}
