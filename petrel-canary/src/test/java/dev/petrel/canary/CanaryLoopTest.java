package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The loop against a transport the test answers by hand: what it sends after a failure, where it pulls after an
 * illegal offset, and that a closed gate stops its pulls.
 */
class CanaryLoopTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long RUN = 42;
    private static final MessageQueue Q = new MessageQueue("T", "b", 0);

    record Send(Message message, CompletableFuture<SendResult> answer) {
        long sequence() {
            return Long.parseLong(message.property(CanaryMessage.SEQ));
        }
    }

    record Pull(long offset, CompletableFuture<PullResult> answer) {
    }

    /** Hands every send and pull to the test, which answers them. */
    static final class HandAnswered implements CanaryTransport {
        final BlockingQueue<Send> sends = new LinkedBlockingQueue<>();
        final BlockingQueue<Pull> pulls = new LinkedBlockingQueue<>();

        @Override
        public ClusterInfo clusterInfo() {
            throw new UnsupportedOperationException();
        }

        @Override
        public TopicRouteData route(String topic) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void createTopic(String brokerAddress, TopicConfig config) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long maxOffset(MessageQueue queue) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<SendResult> send(Message message, MessageQueue queue) {
            CompletableFuture<SendResult> answer = new CompletableFuture<>();
            sends.add(new Send(message, answer));
            return answer;
        }

        @Override
        public CompletableFuture<PullResult> pull(MessageQueue queue, long offset) {
            CompletableFuture<PullResult> answer = new CompletableFuture<>();
            pulls.add(new Pull(offset, answer));
            return answer;
        }

        @Override
        public void close() {
        }
    }

    private final HandAnswered transport = new HandAnswered();
    private final AtomicBoolean mayPull = new AtomicBoolean(true);
    private CanaryLoop loop;

    @BeforeEach
    void start() {
        CanaryConfig.Settings settings = CanaryConfig.Settings.defaults("127.0.0.1:1").withTopic("T")
            .withTimings(Duration.ofMillis(1), Duration.ofSeconds(1), Duration.ofSeconds(1));
        loop = new CanaryLoop(settings, RUN, Clock.system(), transport, mayPull::get, line -> { });
        loop.start();
        loop.watch(List.of(new DiscoveryLoop.Target(Q, 100)));
    }

    @AfterEach
    void stop() throws InterruptedException {
        loop.stop();
    }

    private static <T> T next(BlockingQueue<T> queue) throws InterruptedException {
        T item = queue.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(item).as("the loop's next call").isNotNull();
        return item;
    }

    private static SendResult ok() {
        return new SendResult(SendStatus.SEND_OK, "id", "offset-id", Q, 0, null, "DefaultRegion");
    }

    private CanaryReport.QueueReport queue() {
        CanaryReport.BrokerReport b = loop.report().broker("b");
        return b == null ? null : b.queue(0);
    }

    @Test
    void aFailedSendIsRetriedWithItsNumberAndOnlySendOkOpensTheNext() throws InterruptedException {
        Send first = next(transport.sends);
        assertThat(first.sequence()).isZero();
        assertThat(CanaryMessage.read(first.message()::property).runId()).isEqualTo(RUN);
        first.answer().completeExceptionally(new ClientException("connection refused"));
        Send retry = next(transport.sends);
        assertThat(retry.sequence()).isZero();
        retry.answer().complete(new SendResult(SendStatus.FLUSH_DISK_TIMEOUT, "id", "o", Q, 0, null, "r"));
        Send second = next(transport.sends);
        assertThat(second.sequence()).isEqualTo(1);
        second.answer().complete(ok());
        assertThat(next(transport.sends).sequence()).isEqualTo(2);
        Await.until(WAIT, "the report of these answers", () -> {
            CanaryReport.Counts c = queue().counts();
            return c.acked() == 1 && c.unconfirmed() == 1 && c.failedAttempts() == 1 && c.attempts() == 4;
        });
    }

    @Test
    void afterAnIllegalOffsetItReadsOnWhereTheBrokerSaysAndAClosedGateStopsItsPulls() throws InterruptedException {
        Pull first = next(transport.pulls);
        assertThat(first.offset()).isEqualTo(100);
        first.answer().complete(new PullResult(PullStatus.OFFSET_ILLEGAL, 40, 0, 40, List.of()));
        Pull second = next(transport.pulls);
        assertThat(second.offset()).isEqualTo(40);
        Send send = next(transport.sends); // number 0 is open: a receipt before the answer counts

        mayPull.set(false);
        second.answer().complete(new PullResult(PullStatus.FOUND, 41, 0, 41,
            List.of(received(40, new CanaryMessage.Stamp(RUN, send.sequence(), 0)))));
        Await.until(WAIT, "the receipt reported, no pull in flight", () -> {
            CanaryReport.QueueReport q = queue();
            return q.counts().received() == 1 && !q.pullInFlight() && q.nextOffset() == 41 && q.offsetResets() == 1;
        });
        assertThat(transport.pulls).as("no pull while the gate is closed").isEmpty();
        mayPull.set(true);
        assertThat(next(transport.pulls).offset()).isEqualTo(41);
    }

    private static ReceivedMessage received(long offset, CanaryMessage.Stamp stamp) {
        Message m = CanaryMessage.of("T", "b", 0, stamp);
        Map<String, String> props = m.properties();
        DecodedMessage stored = new DecodedMessage(0, 0, 0, 0, 0, offset, 0, 0, 0, null, 0, null, 0, 0, m.body(), "T",
            props, "msg-" + offset);
        return ReceivedMessage.of(stored, "T", "b", offset, props);
    }
}
