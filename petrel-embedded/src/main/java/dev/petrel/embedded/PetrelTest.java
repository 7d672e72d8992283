package dev.petrel.embedded;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs the annotated test class against one {@link EmbeddedPetrel}, started before the first test and closed after
 * the last; test methods, lifecycle methods and constructors receive it as a parameter.
 *
 * <pre>
 * &#64;PetrelTest(brokerProperties = "maxReconsumeTimes=2", topics = "Orders")
 * class OrderServiceTest {
 *     &#64;Test
 *     void retriesTwice(EmbeddedPetrel petrel) { ... petrel.namesrvAddr() ... petrel.advance(Duration.ofSeconds(10)); }
 * }
 * </pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(PetrelExtension.class)
public @interface PetrelTest {

    /** Broker properties as {@code name=value} (broker.conf names), e.g. {@code "enablePropertyFilter=true"}. */
    String[] brokerProperties() default {};

    /** Topics created (4 queues each) before the first test. */
    String[] topics() default {};
}
