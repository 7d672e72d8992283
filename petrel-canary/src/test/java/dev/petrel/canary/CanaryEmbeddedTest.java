package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.common.time.Clock;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.metrics.MetricsEndpoint;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.PrometheusText;
import io.prometheus.metrics.model.snapshots.Labels;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The canary against a real NameServer and broker in this JVM, on real sockets: it creates its topic, counts what it
 * sends and reads, serves the counts as metrics equal to its report, and two canaries on one topic each see all of
 * their own messages and none of the other's as theirs.
 */
class CanaryEmbeddedTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static EmbeddedPetrel petrel;

    @BeforeAll
    static void start() {
        petrel = EmbeddedPetrel.start();
    }

    @AfterAll
    static void stop() {
        if (petrel != null) {
            petrel.close();
        }
    }

    private static CanaryConfig.Settings settings(String topic) {
        return CanaryConfig.Settings.defaults(petrel.namesrvAddr()).withTopic(topic).withQueueNums(3)
            .withTimings(Duration.ofMillis(20), Duration.ofSeconds(30), Duration.ofMillis(200));
    }

    @Test
    void createsItsTopicAndServesItsCountsAsMetrics() {
        try (Canary canary = Canary.start(settings("CanaryMetrics"), Clock.system());
             MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, Labels.EMPTY,
                 List.of(canary.metrics(Labels.of("dc", "test"))))) {
            Await.until(WAIT, "30 messages received on each of 3 queues", () -> {
                CanaryReport.BrokerReport b = canary.report().broker(EmbeddedPetrel.BROKER_NAME);
                return b != null && b.queues().size() == 3
                    && b.queues().stream().allMatch(q -> q.counts().received() >= 30);
            });
            try (PetrelAdmin admin = PatientClients.admin(petrel.namesrvAddr()).build()) {
                QueueData q = admin.topicRoute("CanaryMetrics").queueDatas().get(0);
                assertThat(q.writeQueueNums()).isEqualTo(3);
                assertThat(q.readQueueNums()).isEqualTo(3);
            }
            // what a scrape says is the report of that moment: compare one scrape with the reports around it
            CanaryReport before = canary.report();
            PrometheusText scrape = PrometheusText.scrape(endpoint.port());
            CanaryReport after = canary.report();
            String broker = EmbeddedPetrel.BROKER_NAME;
            double received = scrape.value("petrel_canary_received_messages_total", "broker", broker, "dc", "test")
                .orElseThrow();
            assertThat(received).isBetween((double) before.total().received(), (double) after.total().received());
            double acked = scrape.value("petrel_canary_acked_messages_total", "broker", broker).orElseThrow();
            assertThat(acked).isBetween((double) before.total().acked(), (double) after.total().acked());
            assertThat(scrape.value("petrel_canary_lost_messages_total", "broker", broker)).contains(0.0);
            assertThat(scrape.value("petrel_canary_duplicated_messages_total", "broker", broker)).contains(0.0);
            assertThat(scrape.value("petrel_canary_out_of_order_messages_total", "broker", broker)).contains(0.0);
            assertThat(scrape.value("petrel_canary_queues", "broker", broker)).contains(3.0);
            assertThat(scrape.type("petrel_canary_e2e_latency_milliseconds")).isEqualTo("histogram");
            double timed = scrape.value("petrel_canary_e2e_latency_milliseconds_count", "broker", broker).orElseThrow();
            assertThat(timed).isBetween((double) before.total().received(), (double) after.total().received());
            assertThat(scrape.value("petrel_canary_e2e_latency_milliseconds_bucket", "broker", broker, "le", "+Inf"))
                .contains(timed);
        }
    }

    @Test
    void twoCanariesOnOneTopicNeverTakeEachOthersMessages() {
        Canary a = Canary.start(settings("CanaryShared"), Clock.system());
        Canary b = Canary.start(settings("CanaryShared"), Clock.system());
        try {
            Await.until(WAIT, "each canary received 40 of its own messages and saw the other's",
                () -> a.report().total().received() >= 40 && b.report().total().received() >= 40
                    && a.report().foreign() > 0 && b.report().foreign() > 0);
        } finally {
            a.close();
            b.close();
        }
        for (Canary c : List.of(a, b)) {
            CanaryReport.Counts counts = c.report().total();
            assertThat(counts.received()).as("own messages of run %s", c.runId()).isGreaterThanOrEqualTo(40);
            assertThat(counts.received()).isLessThanOrEqualTo(counts.sent());
            assertThat(counts.lost()).isZero();
            assertThat(counts.duplicated()).isZero();
            assertThat(counts.unmatched()).isZero();
        }
        assertThat(a.runId()).isNotEqualTo(b.runId());
    }
}
