package dev.petrel.protocol.header;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a header component that must be present in {@code extFields} (RocketMQ's {@code @CFNotNull}). Decoding a map
 * without it fails with {@code the custom field <name> is null}, which a server answers with SYSTEM_ERROR. (Apache
 * 5.3.1 builds the same message but catches it itself and continues with a null field; Petrel rejects the request.)
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Required {
}
