package dev.petrel.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class QueuePickerTest {

    private static final PublishQueues TWO_BROKERS = new PublishQueues("T", List.of(
        new MessageQueue("T", "a", 0), new MessageQueue("T", "a", 1),
        new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1)), false, false);

    private static List<String> brokersOf(QueuePicker picker, int sends) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < sends; i++) {
            out.add(picker.pick(TWO_BROKERS, null, false).brokerName());
        }
        return out;
    }

    @Test
    void roundRobinOverAllQueues() {
        QueuePicker picker = new QueuePicker(new LatencyFaultTable(new ManualClock(0)), false);
        picker.position("T", 0);
        List<MessageQueue> picked = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            picked.add(picker.pick(TWO_BROKERS, null, false));
        }
        assertThat(picked).containsExactly(TWO_BROKERS.queues().get(0), TWO_BROKERS.queues().get(1),
            TWO_BROKERS.queues().get(2), TWO_BROKERS.queues().get(3), TWO_BROKERS.queues().get(0));
    }

    @Test
    void aRetryAvoidsThePreviousBroker() {
        QueuePicker picker = new QueuePicker(new LatencyFaultTable(new ManualClock(0)), false);
        picker.position("T", 0);
        for (int i = 0; i < 8; i++) {
            assertThat(picker.pick(TWO_BROKERS, "a", true).brokerName()).isEqualTo("b");
        }
    }

    @Test
    void withOnlyOneBrokerARetryStillGetsAQueue() {
        PublishQueues one = new PublishQueues("T", List.of(new MessageQueue("T", "a", 0)), false, false);
        QueuePicker picker = new QueuePicker(new LatencyFaultTable(new ManualClock(0)), true);
        assertThat(picker.pick(one, "a", true).brokerName()).isEqualTo("a");
    }

    @Test
    void faultLatencySkipsTheSlowBrokerUntilItsTimePasses() {
        ManualClock clock = new ManualClock(0);
        LatencyFaultTable faults = new LatencyFaultTable(clock);
        QueuePicker picker = new QueuePicker(faults, true);
        picker.position("T", 0);
        picker.record("b", 700, false, true);
        assertThat(brokersOf(picker, 10)).containsOnly("a");
        clock.advance(2, TimeUnit.SECONDS);
        assertThat(brokersOf(picker, 4)).contains("a", "b");
    }

    @Test
    void faultLatencyOffIgnoresLatencies() {
        QueuePicker picker = new QueuePicker(new LatencyFaultTable(new ManualClock(0)), false);
        picker.record("b", 20_000, true, false);
        assertThat(brokersOf(picker, 4)).contains("a", "b");
    }

    @Test
    void allBrokersUnavailableFallsBackToReachableThenAny() {
        ManualClock clock = new ManualClock(0);
        QueuePicker picker = new QueuePicker(new LatencyFaultTable(clock), true);
        picker.record("a", 1, true, false);
        picker.record("b", 1, true, true);
        assertThat(brokersOf(picker, 4)).containsOnly("b");
        picker.record("b", 1, true, false);
        assertThat(brokersOf(picker, 4)).contains("a", "b");
    }
}
