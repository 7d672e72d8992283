package dev.petrel.common.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.Serializers;
import java.io.IOException;
import java.io.StringWriter;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The two Jackson extensions RocketMQ's bodies need (package-private: {@link JsonCodec} is the public face):
 *
 * <ul>
 *   <li><b>Record map keys.</b> A map whose key type is a Java record (RocketMQ's {@code MessageQueue}) writes each
 *       key as a string holding the record's JSON, {@code {"{\"brokerName\":\"b\",\"queueId\":0,\"topic\":\"T\"}":42}},
 *       and reads such strings back. fastjson reads this form; its own object-key form is turned into it by
 *       {@link FastjsonNormalizer} before parsing.
 *   <li><b>Absent-property defaults.</b> For registered record types, properties missing from the input take the
 *       values of a defaults instance instead of null/0/false, as a Java bean with field initialisers would (files
 *       written by older RocketMQ versions lack newer properties).
 * </ul>
 */
final class RocketMqJsonModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    private final transient JsonFactory factory;
    private final transient Map<Class<?>, ObjectNode> defaults;

    RocketMqJsonModule(JsonFactory factory, Map<Class<?>, ObjectNode> defaults) {
        super("petrel-rocketmq-json");
        this.factory = factory;
        this.defaults = Map.copyOf(defaults);
        // Sets keep the order they were read in, so decoding and encoding again gives the same bytes.
        addAbstractTypeMapping(Set.class, LinkedHashSet.class);
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addKeySerializers(new Serializers.Base() {
            @Override
            public JsonSerializer<?> findSerializer(SerializationConfig config, JavaType type, BeanDescription beanDesc) {
                return type.getRawClass().isRecord() ? new RecordKeySerializer(factory) : null;
            }
        });
        context.addKeyDeserializers((type, config, beanDesc) ->
            type.getRawClass().isRecord() ? new RecordKeyDeserializer(type, factory) : null);
        if (!defaults.isEmpty()) {
            context.addBeanDeserializerModifier(new BeanDeserializerModifier() {
                @Override
                public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription beanDesc,
                                                              JsonDeserializer<?> deserializer) {
                    ObjectNode fallback = defaults.get(beanDesc.getBeanClass());
                    return fallback == null ? deserializer : new DefaultsDeserializer(deserializer, fallback);
                }
            });
        }
    }

    /** Writes a record map key as a JSON string holding the record's own JSON. */
    private static final class RecordKeySerializer extends JsonSerializer<Object> {
        private final JsonFactory factory;

        RecordKeySerializer(JsonFactory factory) {
            this.factory = factory;
        }

        @Override
        public void serialize(Object key, JsonGenerator gen, SerializerProvider provider) throws IOException {
            StringWriter text = new StringWriter(64);
            try (JsonGenerator keyGen = factory.createGenerator(text)) {
                provider.findValueSerializer(key.getClass()).serialize(key, keyGen, provider);
            }
            gen.writeFieldName(text.toString());
        }
    }

    /** Reads a record map key from a JSON string holding the record's JSON. */
    private static final class RecordKeyDeserializer extends KeyDeserializer {
        private final JavaType type;
        private final JsonFactory factory;

        RecordKeyDeserializer(JavaType type, JsonFactory factory) {
            this.type = type;
            this.factory = factory;
        }

        @Override
        public Object deserializeKey(String key, DeserializationContext ctxt) throws IOException {
            try (JsonParser parser = factory.createParser(key)) {
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    return ctxt.handleWeirdKey(type.getRawClass(), key, "map key is not a JSON object");
                }
                return ctxt.readValue(parser, type);
            }
        }
    }

    /** Fills properties absent from the input object with the registered defaults, then delegates. */
    private static final class DefaultsDeserializer extends DelegatingDeserializer {
        private static final long serialVersionUID = 1L;
        private final transient ObjectNode fallback;

        DefaultsDeserializer(JsonDeserializer<?> delegate, ObjectNode fallback) {
            super(delegate);
            this.fallback = fallback;
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> newDelegatee) {
            return new DefaultsDeserializer(newDelegatee, fallback);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode node = ctxt.readTree(p);
            if (node instanceof ObjectNode object) {
                for (Map.Entry<String, JsonNode> property : fallback.properties()) {
                    if (!object.has(property.getKey())) {
                        object.set(property.getKey(), property.getValue().deepCopy());
                    }
                }
            }
            try (JsonParser replay = node.traverse(p.getCodec())) {
                replay.nextToken();
                return _delegatee.deserialize(replay, ctxt);
            }
        }
    }
}
