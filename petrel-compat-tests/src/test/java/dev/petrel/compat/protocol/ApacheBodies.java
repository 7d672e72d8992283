package dev.petrel.compat.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.serializer.SerializerFeature;
import dev.petrel.protocol.body.BodyCodec;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;

/**
 * Compares a Petrel body with the Apache 5.3.1 body object holding the same values, both ways: Petrel reads Apache's
 * {@code encode()} output (fastjson quirks included) as the Petrel value, and Apache's
 * {@code RemotingSerializable.decode} reads Petrel's output back to an object equal to the original (compared through
 * fastjson's sorted output, and through Petrel's reading of Apache's re-encoding).
 */
final class ApacheBodies {

    private ApacheBodies() {
    }

    static <T> void assertSame(RemotingSerializable apache, BodyCodec<T> codec, T petrel) {
        assertSame(apache, apache.encode(), codec, petrel);
    }

    /** {@code apacheBytes}: what the Apache side actually sends (for bodies it encodes with special features). */
    static <T> void assertSame(Object apache, byte[] apacheBytes, BodyCodec<T> codec, T petrel) {
        assertThat(codec.decode(apacheBytes)).as("Petrel reading Apache's %s", text(apacheBytes)).isEqualTo(petrel);

        byte[] petrelBytes = codec.encode(petrel);
        Object back = RemotingSerializable.decode(petrelBytes, apache.getClass());
        assertThat(canonical(back)).as("Apache reading Petrel's %s", text(petrelBytes)).isEqualTo(canonical(apache));
        assertThat(codec.decode(RemotingSerializable.encode(back))).isEqualTo(petrel);
    }

    /** fastjson output with sorted properties and map keys, and no $ref: equal for equal objects. */
    static String canonical(Object apache) {
        return JSON.toJSONString(apache, SerializerFeature.SortField, SerializerFeature.MapSortField,
            SerializerFeature.DisableCircularReferenceDetect);
    }

    static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
