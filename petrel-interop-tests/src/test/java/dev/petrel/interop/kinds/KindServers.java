package dev.petrel.interop.kinds;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.interop.ServerProcesses;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Petrel NameServer and one broker ({@code broker-a}: Petrel's, or Apache RocketMQ 5.3.1's to check Petrel's client
 * against the reference) as child processes for one test class of the message kinds, with the broker restartable on
 * the same port and store (clients keep their routes), and the Petrel-client helpers the kind tests share.
 */
public final class KindServers implements AutoCloseable {

    public static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final Path dir;
    private final Map<String, String> brokerConfig;
    private final boolean apache;
    private final ServerProcesses.Server namesrv;
    private ServerProcesses.Server broker;

    private KindServers(Path dir, Map<String, String> brokerConfig, boolean apache) {
        this.dir = dir;
        this.apache = apache;
        this.namesrv = ServerProcesses.petrelNameServer(dir);
        // Two shared cores under several test JVMs: a send may wait for a thread longer than the default 200 ms, which
        // the broker answers with "broker busy"; these tests are about message kinds, not about that flow control.
        this.brokerConfig = new HashMap<>(Map.of("waitTimeMillsInSendQueue", "5000"));
        this.brokerConfig.putAll(brokerConfig);
        this.broker = startBroker();
        // Restarts listen on the same port, so clients find the broker again at the address they know.
        this.brokerConfig.put("listenPort", Integer.toString(broker.port()));
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
    }

    /** Starts the servers under {@code target/servers/<prefix>...}; {@code brokerConfig} adds broker.conf keys. */
    public static KindServers start(String prefix, Map<String, String> brokerConfig) throws IOException {
        return new KindServers(ServerProcesses.serverDir(prefix), brokerConfig, false);
    }

    /** The same with Apache RocketMQ 5.3.1's broker. */
    public static KindServers startApache(String prefix, Map<String, String> brokerConfig) throws IOException {
        return new KindServers(ServerProcesses.serverDir(prefix), brokerConfig, true);
    }

    public boolean apacheBroker() {
        return apache;
    }

    private ServerProcesses.Server startBroker() {
        return apache ? ServerProcesses.apacheBroker(dir, "broker-a", namesrv.address(), brokerConfig)
            : ServerProcesses.petrelBroker(dir, "broker-a", namesrv.address(), brokerConfig);
    }

    public String namesrv() {
        return namesrv.address();
    }

    /** Stops the broker with SIGTERM (a graceful shutdown) and starts it again on the same store and port. */
    public void restartBroker() {
        int exit = broker.process().terminate(Duration.ofSeconds(30));
        if (exit != 0 && exit != 143) {
            throw new AssertionError("the broker exited with " + exit + " on SIGTERM");
        }
        broker = startBroker();
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
    }

    public static String instance(String kind) {
        return kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    public PetrelAdmin admin() {
        return PatientClients.admin(namesrv()).instanceName(instance("admin")).build();
    }

    /** Creates a topic on the broker and waits until the NameServer routes it. */
    public void createTopic(String topic, int queues) {
        try (PetrelAdmin admin = admin()) {
            admin.createTopic("DefaultCluster", TopicConfig.of(topic, queues, queues, 6));
            Await.value(WAIT, "the route of " + topic, () -> admin.topicRoute(topic), r -> !r.queueDatas().isEmpty());
        }
    }

    public PetrelProducer producer(String group) {
        return PatientClients.producer(namesrv()).group(group).instanceName(instance("producer")).build();
    }

    public PetrelPushConsumer.Builder pushConsumer(String group) {
        return PatientClients.pushConsumer(namesrv()).group(group).instanceName(instance("consumer"))
            .startFrom(StartPosition.FIRST_OFFSET).awaitTerminationOnClose(Duration.ofSeconds(5));
    }

    /** Every message stored in {@code topic}, read with plain pulls; empty while the topic has no route yet. */
    public List<ReceivedMessage> readAll(String topic) {
        List<ReceivedMessage> out = new ArrayList<>();
        try (PetrelPullConsumer pull = PatientClients.pullConsumer(namesrv()).group("reader-" + instance("r"))
            .instanceName(instance("reader")).build()) {
            List<MessageQueue> queues;
            try {
                queues = new ArrayList<>(pull.fetchSubscribeQueues(topic));
            } catch (RuntimeException noRouteYet) {
                return out;
            }
            for (MessageQueue q : queues) {
                long offset = 0;
                while (true) {
                    PullResult r = pull.pull(q, "*", offset, 32);
                    if (r.status() != PullStatus.FOUND) {
                        break;
                    }
                    out.addAll(r.messages());
                    offset = r.nextBeginOffset();
                }
            }
        }
        return out;
    }

    @Override
    public void close() {
        broker.close();
        namesrv.close();
        ServerProcesses.deleteStores(dir);
    }
}
