package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Log budget, distinct error log, processor executor and address parsing. */
class SmallPartsTest {

    @Test
    void logBudgetLetsTenPerSecondThroughAndReportsWhatItSuppressed() {
        LogBudget budget = new LogBudget(10);
        long now = 5_000_000_000L;
        for (int i = 0; i < 10; i++) {
            assertThat(budget.tryAcquire(now)).isEmpty();
        }
        assertThat(budget.tryAcquire(now)).isNull();
        assertThat(budget.tryAcquire(now + 999_999_999L)).isNull();

        assertThat(budget.tryAcquire(now + 1_000_000_000L)).isEqualTo(" (2 similar messages suppressed before this one)");
        assertThat(budget.tryAcquire(now + 1_000_000_001L)).isEmpty();
    }

    @Test
    void distinctErrorsAreLoggedOnceAndCounted() {
        DistinctErrorLog log = new DistinctErrorLog(LoggerFactory.getLogger(SmallPartsTest.class));
        int logged = 0;
        IllegalStateException first = null;
        for (int i = 0; i < 5; i++) {
            IllegalStateException e = new IllegalStateException("offset " + i);
            first = first == null ? e : first;
            if (log.record("test", e)) {
                logged++;
            }
        }
        assertThat(logged).as("same class and throw site, different messages").isEqualTo(1);
        assertThat(log.count(first)).isEqualTo(5);
        assertThat(log.record("test", new IllegalArgumentException("other"))).isTrue();
    }

    @Test
    void processorExecutorRefusesWhenFullAndSaysWhatToTune() throws Exception {
        try (ProcessorExecutor executor = new ProcessorExecutor("PullMessageThread", 1, 2, "pullThreadPoolQueueCapacity")) {
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch running = new CountDownLatch(1);
            AtomicInteger done = new AtomicInteger();
            long t0 = 5_000_000_000L;
            assertThat(executor.tryExecute(() -> {
                running.countDown();
                awaitQuietly(release);
                done.incrementAndGet();
            }, t0)).isTrue();
            assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
            assertThat(executor.headWaitMillis(t0 + 900_000_000L)).as("the running task does not wait").isZero();
            assertThat(executor.tryExecute(done::incrementAndGet, t0 + 100_000_000L)).isTrue();
            assertThat(executor.tryExecute(done::incrementAndGet, t0 + 200_000_000L)).isTrue();
            assertThat(executor.tryExecute(done::incrementAndGet, t0 + 300_000_000L)).as("queue of 2 is full").isFalse();
            assertThat(executor.queued()).isEqualTo(2);
            assertThat(executor.headWaitMillis(t0 + 350_000_000L)).as("the oldest waiting task, queued at +100 ms")
                .isEqualTo(250);
            assertThat(executor.headWaitMillis(t0)).as("never negative").isZero();
            assertThat(executor.overloadRemark()).isEqualTo("[OVERLOAD]system busy, start flow control for a while; "
                + "processor pool PullMessageThread has 2 requests queued (its capacity); retry later or raise "
                + "pullThreadPoolQueueCapacity");
            release.countDown();
            executor.shutdown(5_000);
            assertThat(done.get()).isEqualTo(3);
            assertThat(executor.headWaitMillis(t0 + 900_000_000L)).as("nothing waits").isZero();
            assertThat(executor.tryExecute(done::incrementAndGet, t0)).as("shut down").isFalse();
        }
    }

    @Test
    void parsesRocketMqAddresses() {
        assertThat(PeerAddress.parseOrNull("127.0.0.1:9876")).isEqualTo(new PeerAddress("127.0.0.1", 9876));
        assertThat(PeerAddress.parseOrNull("broker-a.local:10911")).isEqualTo(new PeerAddress("broker-a.local", 10911));
        assertThat(PeerAddress.parseOrNull("[::1]:9876")).isEqualTo(new PeerAddress("::1", 9876));
        assertThat(PeerAddress.parseOrNull("127.0.0.1")).isNull();
        assertThat(PeerAddress.parseOrNull("127.0.0.1:")).isNull();
        assertThat(PeerAddress.parseOrNull(":9876")).isNull();
        assertThat(PeerAddress.parseOrNull("host:99999")).isNull();
        assertThat(PeerAddress.parseOrNull("host:x")).isNull();
        assertThat(PeerAddress.parseOrNull(null)).isNull();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
