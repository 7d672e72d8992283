package dev.petrel.protocol.body;

import dev.petrel.protocol.header.Required;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random instances of header and body records, built from the records' own shapes: strings (including non-ASCII,
 * quotes, backslashes and control characters), boundary numbers, every enum constant, nested records, lists, sets and
 * maps with String, Integer, Long and MessageQueue keys. {@link Required} header components are never null.
 */
public final class RecordArbitraries {

    private static final int MAX_SIZE = 3;
    private static final int MAX_DEPTH = 30;

    private final boolean nullableReferences;

    private RecordArbitraries(boolean nullableReferences) {
        this.nullableReferences = nullableReferences;
    }

    /** Records whose reference components (Strings, boxed numbers, enums, nested records) are sometimes null. */
    public static <T> Arbitrary<T> withNulls(Class<T> type) {
        return new RecordArbitraries(true).record(type, 0);
    }

    /** Records without null components (for bodies: absent properties would read back as registered defaults). */
    public static <T> Arbitrary<T> withoutNulls(Class<T> type) {
        return new RecordArbitraries(false).record(type, 0);
    }

    public static Arbitrary<String> strings() {
        return Arbitraries.oneOf(
            Arbitraries.strings().alpha().numeric().withChars("-_%@.:").ofMaxLength(12),
            Arbitraries.strings().withCharRange('\u0000', '\u00ff').withChars("\u4e2d\u00e9\u20ac\"\\/\u2028")
                .ofMaxLength(12));
    }

    @SuppressWarnings("unchecked")
    private <T> Arbitrary<T> record(Class<T> type, int depth) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type + " is not a record");
        }
        RecordComponent[] components = type.getRecordComponents();
        List<Arbitrary<Object>> parts = new ArrayList<>();
        for (RecordComponent component : components) {
            boolean neverNull = component.getType().isPrimitive() || component.isAnnotationPresent(Required.class);
            parts.add((Arbitrary<Object>) of(component.getGenericType(), depth + 1, neverNull));
        }
        Class<?>[] parameterTypes = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<T> constructor;
        try {
            constructor = type.getDeclaredConstructor(parameterTypes);
            constructor.setAccessible(true);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        if (parts.isEmpty()) {
            return Arbitraries.ofSuppliers(() -> newInstance(constructor, new Object[0]));
        }
        return Combinators.combine(parts).as(values -> newInstance(constructor, values.toArray()));
    }

    private static <T> T newInstance(Constructor<T> constructor, Object[] values) {
        try {
            return constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Arbitrary<?> of(Type type, int depth, boolean neverNull) {
        if (depth > MAX_DEPTH) {
            throw new IllegalStateException("records nest too deep at " + type);
        }
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            Type[] args = parameterized.getActualTypeArguments();
            if (raw == List.class) {
                return of(args[0], depth + 1, true).list().ofMaxSize(MAX_SIZE);
            }
            if (raw == java.util.Set.class) {
                return of(args[0], depth + 1, true).set().ofMaxSize(MAX_SIZE);
            }
            if (raw == Map.class) {
                return Arbitraries.maps((Arbitrary) of(args[0], depth + 1, true), (Arbitrary) of(args[1], depth + 1, true))
                    .ofMaxSize(MAX_SIZE);
            }
            throw new IllegalArgumentException("unsupported generic type " + type);
        }
        Class<?> c = (Class<?>) type;
        Arbitrary<?> base;
        if (c == String.class) {
            base = strings();
        } else if (c == int.class || c == Integer.class) {
            base = Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.of(0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE));
        } else if (c == long.class || c == Long.class) {
            base = Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE));
        } else if (c == double.class || c == Double.class) {
            base = Arbitraries.oneOf(Arbitraries.doubles(), Arbitraries.of(0.0, -0.5, 1.5, Double.MAX_VALUE, Double.MIN_VALUE));
        } else if (c == boolean.class || c == Boolean.class) {
            base = Arbitraries.of(true, false);
        } else if (c.isEnum()) {
            base = Arbitraries.of((Class<Enum>) c);
        } else if (c.isRecord()) {
            base = record(c, depth + 1);
        } else {
            throw new IllegalArgumentException("unsupported type " + c);
        }
        return neverNull || !nullableReferences ? base : base.injectNull(0.2);
    }
}
