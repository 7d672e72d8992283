package dev.petrel.protocol.header;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The {@code extFields} key of a header component whose key is not a good Java name, such as the ext fields RocketMQ
 * adds outside its header classes ({@code _UNIQUE_KEY_QUERY}, {@code IS_SUB_CHANGE}). Without it the key is the
 * component's name.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface WireName {

    String value();
}
