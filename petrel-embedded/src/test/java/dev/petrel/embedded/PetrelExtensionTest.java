package dev.petrel.embedded;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.MessageSelector;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @PetrelTest} as an application uses it: the instance is injected into lifecycle methods and tests, Petrel's
 * client sends and consumes through it, broker properties and topics from the annotation apply, nested classes
 * share it.
 */
@PetrelTest(brokerProperties = "enablePropertyFilter=true", topics = {"Orders", "Audit"})
class PetrelExtensionTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static EmbeddedPetrel injectedBeforeAll;

    @BeforeAll
    static void remember(EmbeddedPetrel petrel) {
        injectedBeforeAll = petrel;
    }

    private static PetrelProducer producer(EmbeddedPetrel petrel, String group) {
        return PatientClients.producer(petrel.namesrvAddr()).group(group)
            .instanceName(group + "-" + ProcessHandle.current().pid()).build();
    }

    private static PetrelPushConsumer consumer(EmbeddedPetrel petrel, String group, String topic, MessageSelector selector,
                                              List<String> received) {
        return PatientClients.pushConsumer(petrel.namesrvAddr()).group(group)
            .instanceName(group + "-" + ProcessHandle.current().pid())
            .subscribe(topic, selector).startFrom(StartPosition.FIRST_OFFSET).consumeThreads(1)
            .listener((messages, context) -> {
                messages.forEach(m -> received.add(m.bodyAsString()));
                return ConsumeResult.SUCCESS;
            })
            .build();
    }

    @Test
    void theSameInstanceIsInjectedEverywhereInTheClass(EmbeddedPetrel petrel) {
        assertThat(petrel).isSameAs(injectedBeforeAll);
    }

    @Test
    void petrelsClientSendsAndConsumesThroughTheEmbeddedBroker(EmbeddedPetrel petrel) {
        List<String> expected = new ArrayList<>();
        List<String> received = new CopyOnWriteArrayList<>();
        try (PetrelProducer producer = producer(petrel, "ext-producer");
             PetrelPushConsumer c = consumer(petrel, "ext-consumer", "Orders", MessageSelector.byTag("*"), received)) {
            for (int i = 0; i < 20; i++) {
                producer.send(Message.builder("Orders").body("order-" + i).build());
                expected.add("order-" + i);
            }
            Await.until(WAIT, "20 orders", () -> received.size() >= 20);
            assertThat(received).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void annotationPropertiesReachTheBroker(EmbeddedPetrel petrel) {
        List<String> received = new CopyOnWriteArrayList<>();
        try (PetrelProducer producer = producer(petrel, "ext-sql-producer");
             PetrelPushConsumer c = consumer(petrel, "ext-sql-consumer", "Audit", MessageSelector.bySql("level >= 3"),
                 received)) {
            for (int level = 0; level < 6; level++) {
                producer.send(Message.builder("Audit").body("level-" + level).property("level", Integer.toString(level))
                    .build());
            }
            Await.until(WAIT, "levels 3 to 5", () -> received.size() >= 3);
            assertThat(received).containsExactlyInAnyOrder("level-3", "level-4", "level-5");
        }
    }

    @Nested
    class Inner {
        @Test
        void nestedClassesShareTheOuterInstance(EmbeddedPetrel petrel) {
            assertThat(petrel).isSameAs(injectedBeforeAll);
        }
    }
}
