package dev.petrel.protocol.body;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The copies body records make of their collections in their constructors: unmodifiable, in the given iteration order
 * (so that encoding is deterministic; {@code List.copyOf}-style copies would reorder sets and maps per JVM), null
 * elements allowed, and null turned into empty where RocketMQ's classes start with an empty collection. The
 * {@code *OrNull} forms keep null for the few properties Apache leaves null unless set (and then does not write).
 * Only the outer collection is copied.
 */
public final class BodyCollections {

    private BodyCollections() {
    }

    public static <E> List<E> list(Collection<? extends E> source) {
        return source == null || source.isEmpty() ? List.of() : Collections.unmodifiableList(new ArrayList<>(source));
    }

    public static <E> Set<E> set(Collection<? extends E> source) {
        return source == null || source.isEmpty() ? Set.of() : Collections.unmodifiableSet(new LinkedHashSet<>(source));
    }

    public static <K, V> Map<K, V> map(Map<? extends K, ? extends V> source) {
        return source == null || source.isEmpty() ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(source));
    }

    public static <E> List<E> listOrNull(Collection<? extends E> source) {
        return source == null ? null : list(source);
    }

    public static <E> Set<E> setOrNull(Collection<? extends E> source) {
        return source == null ? null : set(source);
    }

    public static <K, V> Map<K, V> mapOrNull(Map<? extends K, ? extends V> source) {
        return source == null ? null : map(source);
    }
}
