package dev.petrel.embedded;

import dev.petrel.client.Message;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.MessageSelector;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** A level-3 (10 s) delayed message is delivered right after the test advances the schedule clock by 10 s. */
@PetrelTest(topics = "Delayed")
class DelayedMessageTest {

    @Test
    void aLevel3MessageArrivesRightAfterAdvancingTenSeconds(EmbeddedPetrel petrel) {
        List<String> received = new CopyOnWriteArrayList<>();
        try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr(petrel.namesrvAddr()).group("delay-producer")
                 .instanceName("delay-" + ProcessHandle.current().pid()).build();
             PetrelPushConsumer consumer = PetrelPushConsumer.builder().namesrvAddr(petrel.namesrvAddr())
                 .group("delay-consumer").instanceName("delay-" + ProcessHandle.current().pid())
                 .subscribe("Delayed", MessageSelector.byTag("*")).startFrom(StartPosition.FIRST_OFFSET)
                 .listener((messages, context) -> {
                     messages.forEach(m -> received.add(m.bodyAsString()));
                     return ConsumeResult.SUCCESS;
                 })
                 .build()) {
            producer.send(Message.builder("Delayed").body("later").delayLevel(3).build());
            producer.send(Message.builder("Delayed").body("now").build());
            Await.until(Duration.ofSeconds(30), "the undelayed message", () -> received.contains("now"));
            assertThat(received).containsExactly("now");

            long advancedAt = System.nanoTime();
            petrel.advance(Duration.ofSeconds(10));
            Await.until(Duration.ofSeconds(5), "the delayed message", () -> received.contains("later"));
            Duration took = Duration.ofNanos(System.nanoTime() - advancedAt);
            assertThat(took).as("real time from advance to delivery").isLessThan(Duration.ofSeconds(1));
            assertThat(received).containsExactly("now", "later");
        }
    }
}
