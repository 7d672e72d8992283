package dev.petrel.interop.kinds.reply;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.Replies;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.interop.kinds.transaction.PetrelStandalone;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Petrel's request-reply against a Petrel broker: {@code requestAsync} and {@code request} get the reply a consumer
 * sends with {@link Replies#reply}; a request nobody answers fails after its timeout.
 */
class ReplyInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void repliesAreRoutedBackToTheRequester() {
        String pid = String.valueOf(ProcessHandle.current().pid());
        try (PetrelStandalone petrel = PetrelStandalone.start(dir.resolve("petrel"), Map.of());
             PetrelAdmin admin = PatientClients.admin(petrel.namesrvAddr()).instanceName("reply-admin-" + pid)
                 .build()) {
            String ns = petrel.namesrvAddr();
            admin.createTopic("DefaultCluster", TopicConfig.of("RequestTopic", 2, 2, 6));
            admin.createTopic("DefaultCluster", TopicConfig.of("NobodyListens", 1, 1, 6));
            Await.until(WAIT, "routes", () -> {
                try {
                    return !admin.topicRoute("RequestTopic").queueDatas().isEmpty()
                        && !admin.topicRoute("NobodyListens").queueDatas().isEmpty();
                } catch (RuntimeException e) {
                    return false;
                }
            });
            try (PetrelProducer replier = PatientClients.producer(ns).group("replierPG")
                     .instanceName("replier-" + pid).build();
                 PetrelPushConsumer server = PatientClients.pushConsumer(ns).group("requestCG")
                     .instanceName("request-server-" + pid).subscribe("RequestTopic", "*")
                     .startFrom(StartPosition.FIRST_OFFSET).listener((messages, ctx) -> {
                         for (ReceivedMessage m : messages) {
                             replier.send(Replies.reply(m, ("re:" + m.bodyAsString()).getBytes(StandardCharsets.UTF_8)));
                         }
                         return ConsumeResult.SUCCESS;
                     }).build();
                 PetrelProducer requester = PatientClients.producer(ns).group("requesterPG")
                     .instanceName("requester-" + pid).build()) {
                List<CompletableFuture<ReceivedMessage>> pending = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    pending.add(requester.requestAsync(Message.of("RequestTopic", "question-" + i), Duration.ofSeconds(30)));
                }
                for (int i = 0; i < 3; i++) {
                    ReceivedMessage reply = pending.get(i).join();
                    assertThat(reply.bodyAsString()).isEqualTo("re:question-" + i);
                    assertThat(reply.topic()).isEqualTo("DefaultCluster_REPLY_TOPIC");
                    assertThat(reply.property("MSG_TYPE")).isEqualTo("reply");
                }
                ReceivedMessage sync = requester.request(Message.of("RequestTopic", "sync"), Duration.ofSeconds(30));
                assertThat(sync.bodyAsString()).isEqualTo("re:sync");

                assertThatThrownBy(() -> requester.request(Message.of("NobodyListens", "hello?"), Duration.ofMillis(1500)))
                    .isInstanceOf(ClientException.class).hasMessageContaining("no reply within 1500 ms");
            }
        }
    }
}
