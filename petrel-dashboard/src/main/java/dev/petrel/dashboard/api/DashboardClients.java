package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.producer.PetrelProducer;
import java.time.Duration;

/**
 * The clients the dashboard talks through, one of each for the process: the admin client, and (made on first use) a
 * producer for test messages and resends and a pull consumer for message searches. The pull consumer's group is
 * mqadmin's {@code TOOLS_CONSUMER}, which never commits an offset. Thread-safe; closed with the server.
 */
public final class DashboardClients implements AutoCloseable {

    static final String PRODUCER_GROUP = "PETREL_DASHBOARD_PRODUCER";
    static final String PULL_GROUP = "TOOLS_CONSUMER";

    private final String namesrvAddr;
    private final Duration timeout;
    private final AdminClient admin;
    private PetrelProducer producer;
    private PetrelPullConsumer puller;
    private boolean closed;

    public DashboardClients(String namesrvAddr, Duration timeout) {
        this.namesrvAddr = namesrvAddr;
        this.timeout = timeout;
        this.admin = new AdminClient(namesrvAddr, timeout);
    }

    public AdminClient admin() {
        return admin;
    }

    public String namesrvAddr() {
        return namesrvAddr;
    }

    public synchronized PetrelProducer producer() {
        if (closed) {
            throw new IllegalStateException("the dashboard is closed");
        }
        if (producer == null) {
            producer = PetrelProducer.builder().namesrvAddr(namesrvAddr).group(PRODUCER_GROUP)
                .sendTimeout(timeout).build();
        }
        return producer;
    }

    public synchronized PetrelPullConsumer puller() {
        if (closed) {
            throw new IllegalStateException("the dashboard is closed");
        }
        if (puller == null) {
            puller = PetrelPullConsumer.builder().namesrvAddr(namesrvAddr).group(PULL_GROUP).build();
        }
        return puller;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (puller != null) {
            puller.close();
        }
        if (producer != null) {
            producer.close();
        }
        admin.close();
    }
}
