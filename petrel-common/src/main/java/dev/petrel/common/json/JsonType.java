package dev.petrel.common.json;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * A generic type to decode into, captured by an anonymous subclass: {@code new JsonType<List<String>>() {}}.
 * Plain classes do not need it; use {@link JsonCodec#decode(byte[], Class)}.
 *
 * @param <T> the type
 */
public abstract class JsonType<T> {

    private final Type type;

    protected JsonType() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType parameterized)) {
            throw new IllegalStateException("JsonType must be created as an anonymous subclass with a type argument");
        }
        this.type = parameterized.getActualTypeArguments()[0];
    }

    Type type() {
        return type;
    }
}
