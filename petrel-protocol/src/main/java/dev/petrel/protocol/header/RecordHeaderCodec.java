package dev.petrel.protocol.header;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one generic header codec: maps a header record to {@code extFields} and back, key = component name (or its
 * {@link WireName}). The record's shape is read once per class ({@link #of} caches it); each call then only invokes
 * prepared method handles.
 *
 * <pre>
 *   component type          written as                    read with (see ExtFieldReader)
 *   String                  as is                          as is
 *   int / Integer           decimal                        Integer.parseInt, else an error
 *   long / Long             decimal                        Long.parseLong, else an error
 *   double / Double         Double.toString                Double.parseDouble, else an error
 *   boolean / Boolean       "true" / "false"               Boolean.parseBoolean
 *   enum                    name()                         name, any case, else an error
 *   RpcFields (a record)    flattened: its own components  flattened
 * </pre>
 *
 * Primitive components are always written; a missing non-{@link Required} primitive reads as 0/false or its
 * {@link IfAbsent} value. Boxed and
 * reference components are written only when non-null. Encoding a header whose {@link Required} component is null
 * is a bug and throws.
 *
 * @param <T> the header record type
 */
public final class RecordHeaderCodec<T extends Record> implements HeaderCodec<T> {

    private static final ClassValue<RecordHeaderCodec<?>> CACHE = new ClassValue<>() {
        @Override
        protected RecordHeaderCodec<?> computeValue(Class<?> type) {
            return new RecordHeaderCodec<>(type.asSubclass(Record.class));
        }
    };

    private enum Kind { STRING, INT, LONG, DOUBLE, BOOLEAN, ENUM, NESTED }

    /** One record component, prepared. */
    private record Slot(String key, Kind kind, boolean primitive, boolean required, Class<?> type,
                        MethodHandle getter, RecordHeaderCodec<?> nested, Object absent) {
    }

    private final Class<T> type;
    private final Slot[] slots;
    /** The canonical constructor, taking an Object[] of component values. */
    private final MethodHandle constructor;
    /** Number of ext-field keys, nested records flattened. */
    private final int keyCount;

    private RecordHeaderCodec(Class<T> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        this.slots = new Slot[components.length];
        int keys = 0;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            Class<?>[] parameterTypes = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                slots[i] = slot(type, components[i], lookup);
                parameterTypes[i] = components[i].getType();
                keys += slots[i].nested == null ? 1 : slots[i].nested.keyCount;
            }
            Constructor<T> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            this.constructor = lookup.unreflectConstructor(canonical)
                .asSpreader(Object[].class, components.length)
                .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot prepare header codec for " + type.getName(), e);
        }
        this.keyCount = keys;
    }

    /** The codec for {@code type}, prepared on first use and cached. */
    @SuppressWarnings("unchecked")
    public static <T extends Record> RecordHeaderCodec<T> of(Class<T> type) {
        return (RecordHeaderCodec<T>) CACHE.get(type);
    }

    private static Slot slot(Class<?> owner, RecordComponent component, MethodHandles.Lookup lookup)
        throws IllegalAccessException {
        Class<?> t = component.getType();
        Kind kind;
        if (t == String.class) {
            kind = Kind.STRING;
        } else if (t == int.class || t == Integer.class) {
            kind = Kind.INT;
        } else if (t == long.class || t == Long.class) {
            kind = Kind.LONG;
        } else if (t == double.class || t == Double.class) {
            kind = Kind.DOUBLE;
        } else if (t == boolean.class || t == Boolean.class) {
            kind = Kind.BOOLEAN;
        } else if (t.isEnum()) {
            kind = Kind.ENUM;
        } else if (t.isRecord() && t != owner) {
            kind = Kind.NESTED;
        } else {
            throw new IllegalArgumentException("header " + owner.getName() + ": component " + component.getName()
                + " has unsupported type " + t.getName());
        }
        WireName wireName = component.getAnnotation(WireName.class);
        String key = wireName == null ? component.getName() : wireName.value();
        component.getAccessor().setAccessible(true);
        MethodHandle getter = lookup.unreflect(component.getAccessor())
            .asType(MethodType.methodType(Object.class, Object.class));
        RecordHeaderCodec<?> nested = kind == Kind.NESTED ? of(t.asSubclass(Record.class)) : null;
        return new Slot(key, kind, t.isPrimitive(), component.isAnnotationPresent(Required.class), t, getter, nested,
            absentValue(owner, component, kind));
    }

    /** The value a missing primitive takes: {@link IfAbsent}, else 0/false; null for reference types. */
    private static Object absentValue(Class<?> owner, RecordComponent component, Kind kind) {
        IfAbsent ifAbsent = component.getAnnotation(IfAbsent.class);
        if (!component.getType().isPrimitive()) {
            if (ifAbsent != null) {
                throw new IllegalArgumentException("header " + owner.getName() + ": @IfAbsent on non-primitive "
                    + component.getName());
            }
            return null;
        }
        String text = ifAbsent == null ? null : ifAbsent.value();
        return switch (kind) {
            case INT -> text == null ? 0 : Integer.parseInt(text);
            case LONG -> text == null ? 0L : Long.parseLong(text);
            case DOUBLE -> text == null ? 0.0 : Double.parseDouble(text);
            case BOOLEAN -> text != null && Boolean.parseBoolean(text);
            default -> throw new IllegalStateException("primitive of kind " + kind);
        };
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public Map<String, String> encode(T header) {
        Map<String, String> fields = new LinkedHashMap<>(Math.max(4, keyCount * 2));
        encodeInto(header, fields);
        return fields;
    }

    @Override
    public Decoded<T> decode(Map<String, String> extFields) {
        ExtFieldReader reader = new ExtFieldReader(extFields);
        T header = decodeFrom(reader);
        return reader.failed() ? reader.failure() : Decoded.ok(header);
    }

    /** The ext-field keys this header can carry, in component order. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>(keyCount);
        for (Slot slot : slots) {
            if (slot.nested == null) {
                keys.add(slot.key);
            } else {
                keys.addAll(slot.nested.keys());
            }
        }
        return keys;
    }

    private void encodeInto(Object header, Map<String, String> out) {
        for (Slot slot : slots) {
            Object value = get(slot, header);
            if (value == null) {
                if (slot.required) {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + slot.key + " is required but null");
                }
                continue;
            }
            switch (slot.kind) {
                case NESTED -> slot.nested.encodeInto(value, out);
                case ENUM -> out.put(slot.key, ((Enum<?>) value).name());
                default -> out.put(slot.key, value.toString());
            }
        }
    }

    private T decodeFrom(ExtFieldReader in) {
        Object[] values = new Object[slots.length];
        for (int i = 0; i < slots.length; i++) {
            values[i] = read(slots[i], in);
        }
        if (in.failed()) {
            return null;
        }
        try {
            return type.cast(constructor.invokeExact(values));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("constructing " + type.getName() + " failed", e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object read(Slot slot, ExtFieldReader in) {
        String key = slot.key;
        return switch (slot.kind) {
            case STRING -> slot.required ? in.requiredString(key) : in.string(key);
            case INT -> slot.required ? Integer.valueOf(in.requiredInt(key))
                : slot.primitive ? Integer.valueOf(in.intOr(key, (Integer) slot.absent)) : in.optionalInt(key);
            case LONG -> slot.required ? Long.valueOf(in.requiredLong(key))
                : slot.primitive ? Long.valueOf(in.longOr(key, (Long) slot.absent)) : in.optionalLong(key);
            case DOUBLE -> slot.required ? Double.valueOf(in.requiredDouble(key))
                : slot.primitive ? Double.valueOf(in.doubleOr(key, (Double) slot.absent)) : in.optionalDouble(key);
            case BOOLEAN -> slot.required ? Boolean.valueOf(in.requiredBoolean(key))
                : slot.primitive ? Boolean.valueOf(in.booleanOr(key, (Boolean) slot.absent)) : in.optionalBoolean(key);
            case ENUM -> slot.required ? in.requiredEnum(key, (Class) slot.type) : in.optionalEnum(key, (Class) slot.type);
            case NESTED -> slot.nested.decodeFrom(in);
        };
    }

    private static Object get(Slot slot, Object header) {
        try {
            return (Object) slot.getter.invokeExact(header);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("reading header component " + slot.key + " failed", e);
        }
    }

    @Override
    public String toString() {
        return "RecordHeaderCodec[" + type.getSimpleName() + " " + Arrays.toString(keys().toArray()) + "]";
    }
}
