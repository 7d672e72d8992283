package dev.petrel.canary;

import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.NoRouteException;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.producer.MessageQueueSelector;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * {@link CanaryTransport} over Petrel's client: one producer, one pull consumer and one admin client sharing a client
 * instance of their own ({@code petrel-canary-<run id>}), so a canary inside another application's JVM never shares
 * its connections or client id.
 *
 * <p>Threads: a send or pull may first look a route up at a NameServer, synchronously, in the client (a broker that
 * left the route, a route not fetched yet); that happens on {@code petrel-canary-io}, never on the caller's thread,
 * so a NameServer that does not answer never holds up the canary's loop. At most one send and one pull per queue
 * are waiting there.
 */
final class ClientTransport implements CanaryTransport {

    static final String PRODUCER_GROUP = "PETREL_CANARY_PRODUCER";
    private static final int PULL_BATCH = 32;

    /** Picks the queue passed as the argument, or fails the send: the canary's numbers belong to one queue. */
    private static final MessageQueueSelector EXACTLY = (queues, message, arg) -> {
        for (MessageQueue q : queues) {
            if (q.equals(arg)) {
                return q;
            }
        }
        throw new ClientException("queue " + arg + " is not among the writable queues of " + message.topic() + " "
            + queues);
    };

    private final PetrelProducer producer;
    private final PetrelPullConsumer consumer;
    private final PetrelAdmin admin;
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "petrel-canary-io");
        t.setDaemon(true);
        return t;
    });

    ClientTransport(CanaryConfig.Settings settings, long runId, Clock clock) {
        String instance = "petrel-canary-" + CanaryMessage.hex(runId);
        this.admin = PetrelAdmin.builder().namesrvAddr(settings.namesrvAddr()).instanceName(instance).clock(clock)
            .build();
        PetrelPullConsumer pull = null;
        try {
            pull = PetrelPullConsumer.builder().namesrvAddr(settings.namesrvAddr()).instanceName(instance).clock(clock)
                .group(settings.consumerGroup()).build();
            this.producer = PetrelProducer.builder().namesrvAddr(settings.namesrvAddr()).instanceName(instance)
                .clock(clock).group(PRODUCER_GROUP).sendTimeout(settings.sendTimeout()).retries(0).asyncRetries(0)
                .build();
        } catch (RuntimeException e) {
            if (pull != null) {
                pull.close();
            }
            admin.close();
            throw e;
        }
        this.consumer = pull;
    }

    @Override
    public ClusterInfo clusterInfo() {
        return admin.clusterInfo();
    }

    @Override
    public TopicRouteData route(String topic) {
        try {
            return admin.topicRoute(topic);
        } catch (NoRouteException e) {
            return null;
        }
    }

    @Override
    public void createTopic(String brokerAddress, TopicConfig config) {
        admin.createTopicOnBroker(brokerAddress, config);
    }

    @Override
    public long maxOffset(MessageQueue queue) {
        return consumer.maxOffset(queue);
    }

    @Override
    public CompletableFuture<SendResult> send(Message message, MessageQueue queue) {
        return CompletableFuture.supplyAsync(() -> producer.sendAsync(message, EXACTLY, queue), io)
            .thenCompose(f -> f);
    }

    @Override
    public CompletableFuture<PullResult> pull(MessageQueue queue, long offset) {
        return CompletableFuture.supplyAsync(() -> consumer.pullAsync(queue, "*", offset, PULL_BATCH, true), io)
            .thenCompose(f -> f);
    }

    @Override
    public void close() {
        io.shutdownNow();
        try {
            producer.close();
        } finally {
            try {
                consumer.close();
            } finally {
                admin.close();
            }
        }
    }
}
