package dev.petrel.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.OrderlyMessageListener;
import dev.petrel.common.time.Clock;
import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * In-place retry of the orderly listener (flows.md §10): a failed message is offered again with a growing reconsume
 * count and nothing after it is consumed meanwhile; past {@code maxReconsumeTimes} it is re-sent to the retry topic and
 * the queue moves on; a queue whose broker lock lapsed is not consumed until it is locked again.
 */
class OrderlyConsumeServiceTest {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final MessageQueue MQ = new MessageQueue("T", "b", 0);

    final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
    final MemoryOffsets offsets = new MemoryOffsets();
    final List<String> seen = new CopyOnWriteArrayList<>();
    final List<String> resent = new CopyOnWriteArrayList<>();
    OrderlyConsumeService service;

    @AfterEach
    void stop() {
        if (service != null) {
            service.shutdown(1_000);
        }
        scheduler.shutdownNow();
    }

    /** Records "offset/reconsumeTimes" of every message offered; fails while {@code fail} says so. */
    OrderlyMessageListener listener(java.util.function.Predicate<ReceivedMessage> fail) {
        return (messages, context) -> {
            context.suspendCurrentQueueTimeMillis(10);
            ReceivedMessage m = messages.get(0);
            seen.add(m.queueOffset() + "/" + m.reconsumeTimes());
            return fail.test(m) ? ConsumeResult.RETRY_LATER : ConsumeResult.SUCCESS;
        };
    }

    OrderlyConsumeService service(OrderlyMessageListener listener, int max, RetrySender retry, LockKeeper locks,
                                  Clock clock) {
        service = new OrderlyConsumeService(listener, "og", 2, 1, 1_000, max, offsets, scheduler, locks, retry, clock);
        return service;
    }

    static ProcessQueue queueWith(int messages) {
        ProcessQueue pq = new ProcessQueue();
        pq.put(ProcessQueueTest.messages(0, messages, 4));
        return pq;
    }

    @Test
    void aFailedMessageIsOfferedAgainInPlaceWithAGrowingCountAndBlocksTheQueue() {
        AtomicInteger failures = new AtomicInteger(2);
        service(listener(m -> m.queueOffset() == 0 && failures.getAndDecrement() > 0), -1, (m, max, times) -> {
            throw new AssertionError("unlimited retries never re-send");
        }, LockKeeper.disabled(), Clock.system());
        ProcessQueue pq = queueWith(2);
        service.submit(List.of(), pq, MQ);
        Await.until(WAIT, "both consumed", () -> offsets.get(MQ) == 2);
        assertThat(seen).containsExactly("0/0", "0/1", "0/2", "1/0");
        assertThat(service.failedMessages()).isEqualTo(2);
    }

    /**
     * The interleaving of a busy machine, played out deterministically: the consume thread that failed a message and
     * asked for the retry is descheduled before it goes on, and the retry comes due (its suspend is only 10 ms), is
     * handed to the other consume thread, and runs to its end before the first thread continues. The retry must still
     * happen: the run that failed the queue's lock on every retry before this was fixed stalled the queue for good.
     */
    @Test
    void aRetryThatComesDueBeforeTheFailingThreadGoesOnIsNotLost() {
        String group = "og-descheduled";
        ScheduledThreadPoolExecutor descheduling = new ScheduledThreadPoolExecutor(1) {
            final AtomicBoolean first = new AtomicBoolean(true);

            @Override
            public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
                if (!first.compareAndSet(true, false)) {
                    return super.schedule(command, delay, unit);
                }
                command.run(); // due at once, while the asking thread "sleeps" here until the retry's run ended
                Await.until(WAIT, "the retry's run on the other consume thread to end",
                    () -> otherThreadsIdle("petrel-push-" + group + "-consume-"));
                return super.schedule(() -> { }, 0, unit);
            }
        };
        AtomicInteger failures = new AtomicInteger(2);
        service = new OrderlyConsumeService(listener(m -> m.queueOffset() == 0 && failures.getAndDecrement() > 0),
            group, 2, 1, 1_000, -1, offsets, descheduling, LockKeeper.disabled(), (m, max, times) -> {
                throw new AssertionError("unlimited retries never re-send");
            }, Clock.system());
        try {
            ProcessQueue pq = queueWith(2);
            service.submit(List.of(), pq, MQ);
            Await.until(WAIT, "both consumed", () -> offsets.get(MQ) == 2);
            assertThat(seen).containsExactly("0/0", "0/1", "0/2", "1/0");
        } finally {
            descheduling.shutdownNow();
        }
    }

    /** Whether the threads named {@code prefix*} other than this one exist and all wait for work. */
    static boolean otherThreadsIdle(String prefix) {
        List<Thread> others = Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().startsWith(prefix) && t != Thread.currentThread()).toList();
        return !others.isEmpty() && others.stream().allMatch(t -> t.getState() == Thread.State.WAITING);
    }

    @Test
    void pastTheMaxTheMessageIsReSentToTheRetryTopicAndTheQueueMovesOn() {
        service(listener(m -> m.queueOffset() == 0), 2, (m, max, times) -> resent.add(m.queueOffset() + "/"
            + m.reconsumeTimes() + " max " + max + " RECONSUME_TIME " + times), LockKeeper.disabled(), Clock.system());
        ProcessQueue pq = queueWith(2);
        service.submit(List.of(), pq, MQ);
        Await.until(WAIT, "both done", () -> offsets.get(MQ) == 2);
        assertThat(seen).containsExactly("0/0", "0/1", "0/2", "1/0"); // maxReconsumeTimes + 1 = 3 attempts
        assertThat(resent).containsExactly("0/2 max 2 RECONSUME_TIME 2"); // as the 5.3.1 orderly consumer: not + 1
    }

    @Test
    void aFailedReSendKeepsTheMessageInPlace() {
        AtomicInteger sendFailures = new AtomicInteger(2);
        service(listener(m -> m.queueOffset() == 0), 1, (m, max, times) -> {
            if (sendFailures.getAndDecrement() > 0) {
                throw new ClientException("broker gone");
            }
            resent.add(m.queueOffset() + "/" + m.reconsumeTimes());
        }, LockKeeper.disabled(), Clock.system());
        ProcessQueue pq = queueWith(2);
        service.submit(List.of(), pq, MQ);
        Await.until(WAIT, "both done", () -> offsets.get(MQ) == 2);
        assertThat(seen).containsExactly("0/0", "0/1", "0/2", "0/3", "1/0");
        assertThat(resent).containsExactly("0/3");
    }

    @Test
    void aQueueWhoseLockLapsedIsConsumedOnlyAfterItIsLockedAgain() {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        AtomicBoolean grant = new AtomicBoolean(true);
        AtomicInteger lockCalls = new AtomicInteger();
        OrderlyLocks locks = new OrderlyLocks(new OrderlyLocks.Calls() {
            @Override
            public Set<MessageQueue> lock(String address, LockBatchRequestBody body) {
                lockCalls.incrementAndGet();
                return grant.get() ? new HashSet<>(body.mqSet()) : Set.of();
            }

            @Override
            public void unlock(String address, UnlockBatchRequestBody body) {
            }
        }, b -> "addr", "og", "c1", clock, 30_000);
        LockKeeper keeper = LockKeeper.of(locks, "og", 20_000);
        try {
            assertThat(keeper.lock(MQ)).isTrue();
            service(listener(m -> false), -1, (m, max, times) -> { }, keeper, clock);
            ProcessQueue pq = queueWith(1);
            service.submit(List.of(), pq, MQ);
            Await.until(WAIT, "the first consumed while locked", () -> offsets.get(MQ) == 1);

            clock.advance(31, TimeUnit.SECONDS); // no renewal: the lock lapsed
            grant.set(false);                   // and another member holds it now
            pq.put(ProcessQueueTest.messages(1, 1, 4));
            service.submit(List.of(), pq, MQ);
            Await.until(WAIT, "an attempt to lock it again", () -> lockCalls.get() >= 2);
            assertThat(seen).containsExactly("0/0");

            grant.set(true);                    // the other member released it
            Await.until(WAIT, "the second consumed after locking again", () -> offsets.get(MQ) == 2);
            assertThat(seen).containsExactly("0/0", "1/0");
            assertThat(locks.isValid(MQ)).isTrue();
        } finally {
            keeper.close();
        }
    }

    /** Offsets in memory: enough for a consume service. */
    static final class MemoryOffsets implements OffsetStore {
        final Map<MessageQueue, Long> table = new ConcurrentHashMap<>();

        long get(MessageQueue mq) {
            return table.getOrDefault(mq, -1L);
        }

        @Override
        public void load() {
        }

        @Override
        public void update(MessageQueue mq, long offset, boolean increaseOnly) {
            table.merge(mq, offset, (a, b) -> increaseOnly ? Math.max(a, b) : b);
        }

        @Override
        public long readMemory(MessageQueue mq) {
            return get(mq);
        }

        @Override
        public long readStore(MessageQueue mq) {
            return get(mq);
        }

        @Override
        public void persistAll(Set<MessageQueue> queues) {
        }

        @Override
        public void persistSync(MessageQueue mq) {
        }

        @Override
        public void remove(MessageQueue mq) {
            table.remove(mq);
        }

        @Override
        public Map<MessageQueue, Long> snapshot(Set<MessageQueue> queues) {
            return Map.copyOf(table);
        }

        @Override
        public long peekStore(MessageQueue mq) {
            return get(mq);
        }
    }
}
