package dev.petrel.protocol.header;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The value an optional primitive component takes when its key is absent, where Apache's header class initialises the
 * field to something other than 0/false (e.g. {@code queueId = -1}). Written in the ext-field text form.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface IfAbsent {

    String value();
}
