package dev.petrel.common.concurrent;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

class LoopThreadTest {

    /**
     * A loop whose iteration blocks in a {@code Future.get} when the stop comes, then parks for its period (as the
     * registration loop does): the stop's wake-up went to the get, and before the fix the loop slept out its period,
     * holding the stop for the 30 s join limit.
     */
    @Test
    void aStopThatComesWhileTheIterationBlocksEndsTheLoopWithoutItsPeriodicWait() throws Exception {
        CountDownLatch inIteration = new CountDownLatch(1);
        CompletableFuture<Void> call = new CompletableFuture<>();
        BlockingLoop loop = new BlockingLoop(inIteration, call);
        loop.start();
        assertThat(inIteration.await(60, TimeUnit.SECONDS)).isTrue();

        Thread stopper = new Thread(() -> {
            try {
                loop.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "test-stopper");
        stopper.start();
        // The stopper waits in its join once it has asked the loop to stop; then the iteration's call returns.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (stopper.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        assertThat(stopper.getState()).isEqualTo(Thread.State.TIMED_WAITING);
        call.complete(null);

        stopper.join(20_000); // the loop's period is 10 minutes
        assertThat(stopper.isAlive()).as("the stop returned without the loop's periodic wait").isFalse();
        assertThat(loop.iterations).isEqualTo(1);
    }

    private static final class BlockingLoop extends LoopThread {
        private final CountDownLatch inIteration;
        private final CompletableFuture<Void> call;
        volatile int iterations;

        BlockingLoop(CountDownLatch inIteration, CompletableFuture<Void> call) {
            super("test-blocking-loop");
            this.inIteration = inIteration;
            this.call = call;
        }

        @Override
        public void run() {
            while (isRunning()) {
                iterations++;
                inIteration.countDown();
                try {
                    call.get(10, TimeUnit.MINUTES);
                } catch (Exception e) {
                    return;
                }
                park(TimeUnit.MINUTES.toNanos(10));
            }
        }

        void stop() throws InterruptedException {
            stopThread();
        }
    }
}
