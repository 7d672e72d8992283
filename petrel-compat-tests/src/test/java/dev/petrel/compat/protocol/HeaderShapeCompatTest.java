package dev.petrel.compat.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.HeaderCodec;
import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.WireName;
import dev.petrel.protocol.header.catalog.HeaderCatalog;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.rocketmq.remoting.annotation.CFNotNull;
import org.apache.rocketmq.remoting.rpc.RpcRequestHeader;
import org.apache.rocketmq.remoting.rpc.TopicRequestHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every catalogued Petrel header has exactly the keys and the required fields of the Apache 5.3.1 header class of the
 * same name (its own fields and its superclasses', as {@code makeCustomHeaderToNet} sees them). Petrel's ext fields
 * outside Apache's classes ({@link WireName}, {@code zoneName}) are left out of the comparison, and so is {@code lo},
 * which Petrel's {@link RpcFields} carries on every header while Apache has it only on topic headers.
 */
class HeaderShapeCompatTest {

    private static final Set<String> EXT_ONLY = Set.of("zoneName");

    static Stream<Arguments> headers() {
        Set<Class<?>> types = new LinkedHashSet<>();
        for (HeaderCodec<?> codec : HeaderCatalog.requests().values()) {
            types.add(codec.type());
        }
        for (HeaderCodec<?> codec : HeaderCatalog.responses().values()) {
            types.add(codec.type());
        }
        types.remove(dev.petrel.protocol.header.client.HeartbeatResponseHeader.class);
        return types.stream().map(t -> Arguments.of(t.getSimpleName(), t));
    }

    private static Class<?> apacheClass(Class<?> petrel) throws ClassNotFoundException {
        String base = "org.apache.rocketmq.remoting.protocol.header.";
        try {
            return Class.forName(base + "namesrv." + petrel.getSimpleName());
        } catch (ClassNotFoundException e) {
            return Class.forName(base + petrel.getSimpleName());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("headers")
    void sameKeysAndRequiredFieldsAsApache(String name, Class<?> petrel) throws Exception {
        Class<?> apache = apacheClass(petrel);
        TreeMap<String, Boolean> apacheFields = new TreeMap<>();
        for (Class<?> c = apache; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field field : c.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.getName().startsWith("this")) {
                    apacheFields.put(field.getName(), field.isAnnotationPresent(CFNotNull.class));
                }
            }
        }
        TreeMap<String, Boolean> petrelFields = new TreeMap<>();
        collect(petrel, petrelFields);
        if (RpcRequestHeader.class.isAssignableFrom(apache) && !TopicRequestHeader.class.isAssignableFrom(apache)) {
            petrelFields.remove(RpcFields.LO);
        }
        // Fields 5.3.1 marks @CFNotNull yet accepts missing, which Petrel therefore reads as optional (the header's
        // Javadoc says why): compared by name only.
        for (String lenient : ACCEPTED_MISSING_BY_APACHE.getOrDefault(name, java.util.Set.of())) {
            assertThat(apacheFields).as("5.3.1 still has %s.%s", name, lenient).containsKey(lenient);
            assertThat(petrelFields).as("Petrel has %s.%s", name, lenient).containsEntry(lenient, false);
            petrelFields.put(lenient, apacheFields.get(lenient));
        }
        assertThat(petrelFields).isEqualTo(apacheFields);
    }

    /** mqadmin 5.3.1's updateGlobalWhiteAddr leaves the path out without -p, and the 5.3.1 broker then uses its default file. */
    private static final java.util.Map<String, java.util.Set<String>> ACCEPTED_MISSING_BY_APACHE = java.util.Map.of(
        "UpdateGlobalWhiteAddrsConfigRequestHeader", java.util.Set.of("aclFileFullPath"));

    private static void collect(Class<?> record, TreeMap<String, Boolean> out) {
        for (RecordComponent component : record.getRecordComponents()) {
            if (component.getType().isRecord()) {
                collect(component.getType(), out);
            } else if (!component.isAnnotationPresent(WireName.class) && !EXT_ONLY.contains(component.getName())) {
                out.put(component.getName(), component.isAnnotationPresent(Required.class));
            }
        }
    }
}
