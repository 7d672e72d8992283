package dev.petrel.canary;

import dev.petrel.client.ClientException;
import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the brokers the canary watches, every {@code canaryDiscoveryIntervalMs}: reads the cluster table and the
 * canary topic's route, creates the topic on every master that lacks it ({@code canaryQueueNums} queues), and hands
 * each queue it has not seen before to the canary's loop with the offset to start reading at (the queue's end now, so
 * a new run reads only what is sent after it found the queue). A queue is handed over once; one that leaves the route
 * (its broker died) stays watched, so its acknowledged messages are still waited for.
 *
 * <p>Threads: its own, {@code petrel-canary-discovery}, which does the blocking client calls; the loop is never held
 * up by a NameServer that does not answer. Its set of known queues is its own.
 */
final class DiscoveryLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryLoop.class);
    /** After a round that left something to do (a topic just created, a broker that did not answer): look again soon. */
    private static final long RETRY_MILLIS = 1_000;

    /** A queue to watch from {@code startOffset} on. */
    record Target(MessageQueue queue, long startOffset) {
    }

    private final CanaryConfig.Settings settings;
    private final CanaryTransport transport;
    private final Consumer<List<Target>> sink;
    private final Set<MessageQueue> known = new HashSet<>();
    private String lastProblem;

    DiscoveryLoop(CanaryConfig.Settings settings, CanaryTransport transport, Consumer<List<Target>> sink) {
        super("petrel-canary-discovery");
        this.settings = settings;
        this.transport = transport;
        this.sink = sink;
    }

    @Override
    public void run() {
        while (isRunning()) {
            boolean complete = false;
            try {
                complete = discoverOnce();
                if (complete && lastProblem != null) {
                    LOG.info("canary: discovery works again");
                    lastProblem = null;
                }
            } catch (ClientException e) {
                problem("canary: cannot read the cluster or the route of " + settings.topic() + " from "
                    + settings.namesrvAddr() + ": " + e.getMessage());
            }
            long interval = settings.discoveryInterval().toMillis();
            park(TimeUnit.MILLISECONDS.toNanos(complete ? interval : Math.min(interval, RETRY_MILLIS)));
        }
    }

    /**
     * One round: create the topic where it is missing, hand over the queues not seen before.
     *
     * @return whether every step worked and every master's queues are watched (false: look again soon)
     */
    boolean discoverOnce() {
        Map<String, String> masters = TopicPlan.masters(transport.clusterInfo(), settings.cluster());
        if (masters.isEmpty()) {
            problem("canary: no master broker is registered with " + settings.namesrvAddr()
                + (settings.cluster().isBlank() ? "" : " in cluster " + settings.cluster()));
            return false;
        }
        TopicRouteData route = transport.route(settings.topic());
        Map<String, String> lacking = TopicPlan.lacking(masters, route);
        for (Map.Entry<String, String> broker : lacking.entrySet()) {
            transport.createTopic(broker.getValue(), TopicConfig.of(settings.topic(), settings.queueNums(),
                settings.queueNums(), TopicConfig.DEFAULT_PERM));
            LOG.info("canary: created topic {} with {} queues on broker {} ({})", settings.topic(), settings.queueNums(),
                broker.getKey(), broker.getValue());
        }
        boolean complete = true;
        if (!lacking.isEmpty()) {
            route = transport.route(settings.topic());
            complete = TopicPlan.lacking(masters, route).isEmpty(); // the brokers register the topic on their own
        }
        List<Target> found = new ArrayList<>();
        for (MessageQueue queue : TopicPlan.queues(settings.topic(), route, masters.keySet())) {
            if (known.contains(queue)) {
                continue;
            }
            try {
                found.add(new Target(queue, transport.maxOffset(queue)));
                known.add(queue);
            } catch (ClientException e) {
                problem("canary: cannot read the end of " + queue + " (tried again in the next round): " + e.getMessage());
                complete = false;
            }
        }
        if (!found.isEmpty()) {
            LOG.info("canary: watching {}", found);
            sink.accept(found);
        }
        return complete;
    }

    /** Logs a problem once until it changes or discovery works again. */
    private void problem(String text) {
        if (!text.equals(lastProblem)) {
            LOG.warn(text);
            lastProblem = text;
        }
    }

    void stop() throws InterruptedException {
        stopThreadInterrupting(); // no file channel here: an interrupt ends a blocked client call at once
    }
}
