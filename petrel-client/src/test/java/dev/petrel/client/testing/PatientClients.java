package dev.petrel.client.testing;

import dev.petrel.client.ClientConfig;
import dev.petrel.client.admin.AdminConfig;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.PetrelLitePullConsumer;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.PetrelProducer;
import java.time.Duration;

/**
 * Client builders for tests of outcomes, with generous time budgets: the servers of a test answer at once, but a loaded
 * 2-core machine can hold a route query, heartbeat or send past the 3 s defaults ({@code mqClientApiTimeout},
 * {@code sendMsgTimeout}), and a test fails that only proved the machine slow. A test about a timeout sets its own.
 * Other modules' tests use these too, through petrel-client's test jar.
 */
public final class PatientClients {

    /** The control-call and send budget of the test clients. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private PatientClients() {
    }

    public static PetrelProducer.Builder producer(String namesrvAddr) {
        return PetrelProducer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis())
            .sendTimeout(TIMEOUT);
    }

    public static PetrelPushConsumer.Builder pushConsumer(String namesrvAddr) {
        return PetrelPushConsumer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    public static PetrelPullConsumer.Builder pullConsumer(String namesrvAddr) {
        return PetrelPullConsumer.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    public static PetrelLitePullConsumer.Builder litePullConsumer(String namesrvAddr) {
        return PetrelLitePullConsumer.builder().namesrvAddr(namesrvAddr)
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis());
    }

    public static PetrelAdmin.Builder admin(String namesrvAddr) {
        return PetrelAdmin.builder().namesrvAddr(namesrvAddr).set(ClientConfig.MQ_CLIENT_API_TIMEOUT, millis())
            .set(AdminConfig.ADMIN_TIMEOUT_MILLIS, TIMEOUT.toMillis());
    }

    private static int millis() {
        return (int) TIMEOUT.toMillis();
    }
}
