package dev.petrel.interop.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.canary.Canary;
import dev.petrel.canary.CanaryConfig;
import dev.petrel.canary.CanaryMessage;
import dev.petrel.canary.CanaryReport;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.common.time.Clock;
import dev.petrel.interop.ServerProcesses;
import dev.petrel.interop.ServerProcesses.Server;
import dev.petrel.metrics.MetricsEndpoint;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.PrometheusText;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The canary's acceptance (issue 13): in this JVM, beside a real Petrel broker process under SYNC_FLUSH.
 * <ul>
 *   <li>SIGKILL and restart on the same port: no acknowledged message is lost, and the duplicates the canary reports
 *   (those the crash made, plus three a test producer re-sends) are exactly those an independent read of the stored
 *   queues finds.</li>
 *   <li>A store cut behind the broker's back (stopped, the ConsumeQueue and CommitLog zeroed from the first record
 *   the canary had not read yet, restarted): exactly the acknowledged messages in the cut are reported lost.</li>
 * </ul>
 * One broker for both (each has its own topic); timings shortened by the canary's knobs (10 to 20 ms between sends,
 * seconds of grace), so the class takes seconds. Waits poll with deadlines.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class CanaryCrashTest {

    private static final String BROKER = "canary-broker";
    /**
     * The kill test's grace period: longer than a restart takes on a loaded machine, so a message acknowledged just
     * before the kill and delivered after the restart is pending, not lost. It is never waited for (see the test).
     */
    private static final Duration KILL_GRACE = Duration.ofSeconds(30);
    /** The truncation test's: waited for once, after the restart, for the cut messages to count as lost. */
    private static final Duration CUT_GRACE = Duration.ofSeconds(3);
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int CQ_ENTRY = 20;

    private static Path dir;
    private static Server namesrv;
    private static Server broker;

    @BeforeAll
    static void startServers() throws IOException {
        dir = ServerProcesses.serverDir("canary");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.petrelBroker(dir, BROKER, namesrv.address(), Map.of("flushDiskType", "SYNC_FLUSH"));
    }

    @AfterAll
    static void stopServers() {
        ServerProcesses.stopAll(dir, broker, namesrv);
    }

    private static CanaryConfig.Settings settings(String topic, int queues, Duration interval, Duration grace) {
        return CanaryConfig.Settings.defaults(namesrv.address()).withTopic(topic).withQueueNums(queues)
            .withTimings(interval, grace, Duration.ofMillis(300)).withSummaryInterval(Duration.ZERO);
    }

    private static CanaryReport.QueueReport queue(Canary canary, int queueId) {
        CanaryReport.BrokerReport b = canary.report().broker(BROKER);
        return b == null ? null : b.queue(queueId);
    }

    private static long received(Canary canary, int queueId) {
        CanaryReport.QueueReport q = queue(canary, queueId);
        return q == null ? 0 : q.counts().received();
    }

    /** Waits until the canary's clock has moved a grace period (and a margin) past {@code fromMillis}. */
    private static void awaitGraceAfter(Canary canary, long fromMillis, Duration grace) {
        Await.until(WAIT, "a grace period after " + fromMillis,
            () -> canary.report().atMillis() >= fromMillis + grace.toMillis() + 500);
    }

    @Test
    void killNineUnderSyncFlushLosesNoAcknowledgedMessageAndReportsTheDuplicatesItSaw() {
        String topic = "CanaryKill";
        Canary canary = Canary.start(settings(topic, 2, Duration.ofMillis(20), KILL_GRACE), Clock.system());
        MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, Labels.EMPTY,
            List.of(canary.metrics(Labels.EMPTY)));
        try {
            Await.until(WAIT, "20 messages received on both queues",
                () -> received(canary, 0) >= 20 && received(canary, 1) >= 20);
            broker = ServerProcesses.restartPetrelBroker(dir, BROKER, namesrv.address(), broker);
            long q0 = received(canary, 0);
            long q1 = received(canary, 1);
            Await.until(WAIT, "20 more messages on both queues after the restart",
                () -> received(canary, 0) >= q0 + 20 && received(canary, 1) >= q1 + 20);
            // the duplicates a producer makes when it sends a stored message again: three of queue 0's numbers
            MessageQueue queue0 = new MessageQueue(topic, BROKER, 0);
            long dupsBefore = queue(canary, 0).counts().duplicated();
            try (PetrelProducer resender = PatientClients.producer(namesrv.address()).group("canary-test-resender")
                .build()) {
                for (long seq = 1; seq <= 3; seq++) {
                    resender.send(CanaryMessage.of(topic, BROKER, 0, new CanaryMessage.Stamp(canary.runId(), seq, 0)),
                        queue0);
                }
            }
            Await.until(WAIT, "the three copies counted as duplicates",
                () -> queue(canary, 0).counts().duplicated() >= dupsBefore + 3);
            // A moment when nothing acknowledged is still awaited: every SEND_OK so far, before and after the kill,
            // has been matched by a receipt, so no grace period can turn any of them into a loss any more.
            CanaryReport settled = Await.value(WAIT, "a report with nothing pending", canary::report,
                r -> r.total().pending() == 0);
            assertThat(settled.total().lost()).as("lost after the kill").isZero();
            assertThat(settled.total().acked()).isGreaterThanOrEqualTo(80);
        } finally {
            canary.close();
        }
        CanaryReport last = canary.report();
        PrometheusText scrape;
        try {
            scrape = PrometheusText.scrape(endpoint.port()); // the collector reads the last report
        } finally {
            endpoint.close();
        }
        CanaryReport.Counts total = last.total();
        assertThat(total.lost()).isZero();
        assertThat(total.late()).isZero();
        assertThat(total.outOfOrder()).isZero();
        assertThat(total.unmatched()).isZero();
        assertThat(total.failedAttempts()).as("sends failed while the broker was down").isPositive();

        long storedDuplicates = 0;
        for (CanaryReport.QueueReport q : last.broker(BROKER).queues()) {
            Map<Long, Integer> copies = readStored(topic, q, canary.runId());
            long duplicates = copies.values().stream().mapToLong(n -> n - 1).sum();
            assertThat(q.counts().duplicated()).as("duplicates of queue %d: reported vs stored", q.queueId())
                .isEqualTo(duplicates);
            assertThat(q.counts().received()).as("numbers of queue %d: reported vs stored", q.queueId())
                .isEqualTo(copies.size());
            storedDuplicates += duplicates;
        }
        assertThat(storedDuplicates).isGreaterThanOrEqualTo(3);
        assertThat(scrape.value("petrel_canary_duplicated_messages_total", "broker", BROKER))
            .contains((double) storedDuplicates);
        assertThat(scrape.value("petrel_canary_lost_messages_total", "broker", BROKER)).contains(0.0);
        assertThat(scrape.value("petrel_canary_acked_messages_total", "broker", BROKER))
            .contains((double) total.acked());
    }

    @Test
    void aStoreTruncatedBehindTheBrokersBackIsReportedAsLoss() throws IOException {
        String topic = "CanaryTruncate";
        AtomicBoolean mayPull = new AtomicBoolean(true);
        Canary canary = Canary.start(settings(topic, 1, Duration.ofMillis(10), CUT_GRACE), Clock.system(),
            mayPull::get, line -> { });
        try {
            Await.until(WAIT, "20 messages received", () -> received(canary, 0) >= 20);
            // a consumer that lags: the canary stops reading (its held pull returns with the next message) and keeps
            // sending, so the broker acknowledges messages nobody has read yet
            mayPull.set(false);
            long heldAt = System.currentTimeMillis();
            Await.until(WAIT, "no pull in flight", () -> canary.report().atMillis() > heldAt
                && !queue(canary, 0).pullInFlight());
            Await.until(WAIT, "10 acknowledged messages not read", () -> {
                CanaryReport.Counts c = queue(canary, 0).counts();
                return c.pending() + c.lost() >= 10;
            });
            assertThat(broker.process().terminate(Duration.ofSeconds(60))).as("broker exit code").isEqualTo(143);
            // The broker is gone, so no send can be acknowledged any more. One send per queue is in flight at a time:
            // once a send has failed after the stop, the outcome of every earlier one is counted. (Waiting for a
            // report with no send in flight could wait for ever: the retries and the reports share a 100 ms period,
            // and run 30 saw every report built in the turn that had just started a retry.)
            long failedAtStop = queue(canary, 0).counts().failedAttempts();
            CanaryReport.QueueReport cut = Await.value(WAIT, "a send failed after the stop",
                () -> {
                    CanaryReport.QueueReport q = queue(canary, 0);
                    return q.counts().failedAttempts() > failedAtStop ? q : null;
                }, q -> q != null);
            long expectedLost = cut.counts().pending() + cut.counts().lost();

            truncateFrom(topic, 0, cut.nextOffset());
            broker = ServerProcesses.restartPetrelBroker(dir, BROKER, namesrv.address(), broker);
            mayPull.set(true);
            Await.until(WAIT, "20 messages received after the restart",
                () -> received(canary, 0) >= cut.counts().received() + 20);
            awaitGraceAfter(canary, canary.report().atMillis(), CUT_GRACE);

            CanaryReport.QueueReport after = queue(canary, 0);
            assertThat(expectedLost).as("acknowledged messages in the cut").isGreaterThanOrEqualTo(10);
            assertThat(after.counts().lost()).as("lost: exactly the acknowledged messages cut from the store")
                .isEqualTo(expectedLost);
            assertThat(after.counts().late()).isZero();
            assertThat(after.counts().duplicated()).isZero();
            assertThat(after.offsetResets()).as("the queue ends where the canary reads on").isZero();
        } finally {
            canary.close();
            if (!broker.process().isAlive()) { // failed between the stop and the restart: the other test needs it
                broker = ServerProcesses.restartPetrelBroker(dir, BROKER, namesrv.address(), broker);
            }
        }
    }

    /** How often each of this run's numbers is stored in [startOffset, nextOffset) of the queue, read independently. */
    private static Map<Long, Integer> readStored(String topic, CanaryReport.QueueReport q, long runId) {
        Map<Long, Integer> copies = new HashMap<>();
        MessageQueue queue = new MessageQueue(topic, BROKER, q.queueId());
        try (PetrelPullConsumer reader = PatientClients.pullConsumer(namesrv.address()).group("canary-test-reader")
            .build()) {
            long offset = q.startOffset();
            while (offset < q.nextOffset()) {
                PullResult r = reader.pull(queue, "*", offset, 32);
                assertThat(r.messages()).as("pull at %d of %s: %s", offset, queue, r.status()).isNotEmpty();
                for (ReceivedMessage m : r.messages()) {
                    CanaryMessage.Stamp stamp = CanaryMessage.read(m::property);
                    if (m.queueOffset() < q.nextOffset() && stamp != null && stamp.runId() == runId) {
                        copies.merge(stamp.sequence(), 1, Integer::sum);
                    }
                }
                offset = r.nextBeginOffset();
            }
        }
        return copies;
    }

    /**
     * Zeroes the queue's ConsumeQueue from entry {@code fromOffset} on and the CommitLog from the record that entry
     * points at: as if the broker had never written them (Linux's ftruncate reads a re-extended file as zeros).
     */
    private static void truncateFrom(String topic, int queueId, long fromOffset) throws IOException {
        Path store = dir.resolve(BROKER + "-store");
        Path cq = fileHolding(store.resolve("consumequeue").resolve(topic).resolve(Integer.toString(queueId)),
            fromOffset * CQ_ENTRY);
        long cqPosition = fromOffset * CQ_ENTRY - start(cq);
        ByteBuffer entry = ByteBuffer.allocate(CQ_ENTRY);
        try (FileChannel channel = FileChannel.open(cq, StandardOpenOption.READ)) {
            channel.read(entry, cqPosition);
        }
        long physical = entry.getLong(0);
        assertThat(entry.getInt(8)).as("size of the ConsumeQueue entry at %d (%s)", fromOffset, cq).isPositive();
        Path log = fileHolding(store.resolve("commitlog"), physical);
        zeroFrom(cq, cqPosition);
        zeroFrom(log, physical - start(log));
    }

    private static Path fileHolding(Path folder, long position) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().matches("\\d{20}") && start(f) <= position)
                .max((a, b) -> Long.compare(start(a), start(b)))
                .orElseThrow(() -> new AssertionError("no file of " + folder + " holds position " + position));
        }
    }

    private static long start(Path file) {
        return Long.parseLong(file.getFileName().toString());
    }

    private static void zeroFrom(Path file, long position) throws IOException {
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            long length = f.length();
            f.setLength(position);
            f.setLength(length);
        }
    }
}
