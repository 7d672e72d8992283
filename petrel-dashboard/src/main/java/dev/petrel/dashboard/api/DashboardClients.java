package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.client.ClientBuilder;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.protocol.auth.SessionCredentials;
import java.time.Duration;

/**
 * The clients the dashboard talks through, one of each for the process: the admin client, and (made on first use) a
 * producer for test messages and resends and a pull consumer for message searches. The pull consumer's group is
 * mqadmin's {@code TOOLS_CONSUMER}, which never commits an offset. All three sign their requests with the
 * dashboard's credentials ({@code dashboardAccessKey}) when it has some. Thread-safe; closed with the server.
 */
public final class DashboardClients implements AutoCloseable {

    static final String PRODUCER_GROUP = "PETREL_DASHBOARD_PRODUCER";
    static final String PULL_GROUP = "TOOLS_CONSUMER";

    private final String namesrvAddr;
    private final Duration timeout;
    private final SessionCredentials credentials;
    private final AdminClient admin;
    private PetrelProducer producer;
    private PetrelPullConsumer puller;
    private boolean closed;

    public DashboardClients(String namesrvAddr, Duration timeout) {
        this(namesrvAddr, timeout, null);
    }

    /** @param credentials signs every request of the three clients; null for none */
    public DashboardClients(String namesrvAddr, Duration timeout, SessionCredentials credentials) {
        this.namesrvAddr = namesrvAddr;
        this.timeout = timeout;
        this.credentials = credentials;
        this.admin = new AdminClient(namesrvAddr, timeout, credentials);
    }

    /** Whether requests are signed (the access key is not secret, but the pages need only this). */
    public boolean signed() {
        return credentials != null;
    }

    private <B extends ClientBuilder<B>> B signed(B builder) {
        B b = builder.namesrvAddr(namesrvAddr);
        return credentials == null ? b : b.credentials(credentials.accessKey(), credentials.secretKey());
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
            producer = signed(PetrelProducer.builder()).group(PRODUCER_GROUP)
                .sendTimeout(timeout).build();
        }
        return producer;
    }

    public synchronized PetrelPullConsumer puller() {
        if (closed) {
            throw new IllegalStateException("the dashboard is closed");
        }
        if (puller == null) {
            puller = signed(PetrelPullConsumer.builder()).group(PULL_GROUP).build();
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
