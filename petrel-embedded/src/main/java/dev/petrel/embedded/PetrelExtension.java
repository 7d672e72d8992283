package dev.petrel.embedded;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The JUnit 5 side of {@link PetrelTest}: starts an {@link EmbeddedPetrel} for the test class (in the class's
 * extension store, so JUnit closes it when the class is done, failures included) and resolves parameters of type
 * {@code EmbeddedPetrel}. Nested classes share their outer class's instance.
 *
 * <p>Usable on its own with {@code @ExtendWith(PetrelExtension.class)} (then with the defaults).
 */
public final class PetrelExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(PetrelExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        instance(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == EmbeddedPetrel.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        try {
            return instance(context);
        } catch (RuntimeException e) {
            throw new ParameterResolutionException("cannot start the embedded Petrel: " + e.getMessage(), e);
        }
    }

    /** The instance of the nearest enclosing class context that has one, or a new one in the outermost class. */
    private static EmbeddedPetrel instance(ExtensionContext context) {
        EmbeddedPetrel existing = context.getStore(NAMESPACE).get(EmbeddedPetrel.class, EmbeddedPetrel.class);
        if (existing != null) {
            return existing;
        }
        ExtensionContext owner = classContext(context);
        return owner.getStore(NAMESPACE).getOrComputeIfAbsent(EmbeddedPetrel.class, k -> start(owner),
            EmbeddedPetrel.class);
    }

    /** The outermost class context below the engine: nested classes see their outer class's instance. */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getParent().isPresent() && c.getParent().get().getTestClass().isPresent()) {
            c = c.getParent().get();
        }
        return c;
    }

    private static EmbeddedPetrel start(ExtensionContext context) {
        PetrelTest options = context.getTestClass()
            .flatMap(type -> AnnotationSupport.findAnnotation(type, PetrelTest.class))
            .orElse(null);
        EmbeddedPetrel.Builder builder = EmbeddedPetrel.builder();
        if (options != null) {
            for (String property : options.brokerProperties()) {
                int eq = property.indexOf('=');
                if (eq <= 0) {
                    throw new ExtensionConfigurationException("@PetrelTest brokerProperties entries are name=value, got \""
                        + property + "\"");
                }
                builder.brokerProperty(property.substring(0, eq).trim(), property.substring(eq + 1).trim());
            }
        }
        EmbeddedPetrel petrel = builder.start();
        try {
            if (options != null) {
                for (String topic : options.topics()) {
                    petrel.createTopic(topic);
                }
            }
        } catch (RuntimeException e) {
            petrel.close();
            throw e;
        }
        return petrel;
    }
}
