package dev.petrel.embedded;

import dev.petrel.client.ClientConfig;
import dev.petrel.client.consumer.PetrelLitePullConsumer;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.PetrelProducer;
import java.time.Duration;

/**
 * Client builders for tests of outcomes, with generous time budgets: the servers of a test answer at once, but a loaded
 * 2-core machine can hold a route query, heartbeat or send past the 3 s defaults ({@code mqClientApiTimeout},
 * {@code sendMsgTimeout}), and a test fails that only proved the machine slow. A test about a timeout sets its own.
 */
final class PatientClients {

    /** The control-call and send budget of the test clients. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private PatientClients() {
    }

    static PetrelProducer.Builder producer(String namesrvAddr) {
        return PetrelProducer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis())
            .sendTimeout(TIMEOUT);
    }

    static PetrelPushConsumer.Builder pushConsumer(String namesrvAddr) {
        return PetrelPushConsumer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    static PetrelPullConsumer.Builder pullConsumer(String namesrvAddr) {
        return PetrelPullConsumer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    static PetrelLitePullConsumer.Builder litePullConsumer(String namesrvAddr) {
        return PetrelLitePullConsumer.builder().namesrvAddr(namesrvAddr)
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    private static int millis() {
        return (int) TIMEOUT.toMillis();
    }
}
