package dev.petrel.canary;

import dev.petrel.client.Message;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.producer.SendResult;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import java.util.concurrent.CompletableFuture;

/**
 * The canary's edge to the cluster: everything it asks of NameServers and brokers. {@link ClientTransport} does it
 * with Petrel's client; the canary's logic sees only this. The sync calls may block for a client timeout and throw
 * {@link dev.petrel.client.ClientException}; the async ones never block the caller.
 */
interface CanaryTransport extends AutoCloseable {

    ClusterInfo clusterInfo();

    /** The topic's route; null when no NameServer has one. */
    TopicRouteData route(String topic);

    void createTopic(String brokerAddress, TopicConfig config);

    /** The queue's next offset to be written. */
    long maxOffset(MessageQueue queue);

    /** Sends to exactly {@code queue}, never retrying elsewhere. */
    CompletableFuture<SendResult> send(Message message, MessageQueue queue);

    /** Pulls from {@code offset}, letting the broker hold the request until a message arrives. */
    CompletableFuture<PullResult> pull(MessageQueue queue, long offset);

    @Override
    void close();
}
