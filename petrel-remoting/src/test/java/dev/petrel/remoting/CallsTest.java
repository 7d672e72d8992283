package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Opaque matching, timeouts, delayed answers and back-pressure. */
class CallsTest extends RemotingFixture {

    @Test
    void manyConcurrentCallsEachGetTheirOwnResponse() throws Exception {
        RemotingServer server = server(serverConfig());
        // Answers out of order: a few threads and a delay that depends on the request.
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> {
            int n = Integer.parseInt(request.extField("n"));
            if (n % 7 == 0) {
                Thread.onSpinWait();
                Thread.yield();
            }
            return request.newResponse(ResponseCode.SUCCESS).extField("n", request.extField("n")).build();
        }, executor("echo", 4, 10_000));
        server.start();
        RemotingClient client = startedClient();
        String address = address(server);

        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> syncCalls = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int base = t * 1000;
                syncCalls.add(callers.submit(() -> {
                    for (int i = 0; i < 100; i++) {
                        String n = String.valueOf(base + i);
                        RemotingCommand r = client.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT,
                            Map.of("n", n), null), 5000);
                        assertThat(r.extField("n")).isEqualTo(n);
                    }
                    return null;
                }));
            }
            List<CompletableFuture<RemotingCommand>> asyncCalls = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                asyncCalls.add(client.invokeAsync(address, RemotingCommand.request(RequestCode.HEART_BEAT,
                    Map.of("n", String.valueOf(100_000 + i)), null), 5000));
            }
            for (Future<?> f : syncCalls) {
                f.get(30, TimeUnit.SECONDS);
            }
            for (int i = 0; i < asyncCalls.size(); i++) {
                assertThat(asyncCalls.get(i).get(30, TimeUnit.SECONDS).extField("n")).isEqualTo(String.valueOf(100_000 + i));
            }
        } finally {
            callers.shutdownNow();
        }
        assertThat(client.metrics().unmatchedResponses()).isZero();
        assertThat(server.metrics().framesIn()).isEqualTo(1800);
    }

    @Test
    void unansweredCallsTimeOutWithTheCodeAndAddressInTheMessage() throws Exception {
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> null);
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> request.newResponse(ResponseCode.SUCCESS)
            .build());
        server.start();
        RemotingClient client = startedClient();
        String address = address(server);
        // Connect first, with time to spare: on a loaded machine connecting alone can take longer than the 300 ms
        // budget below, which would then time out "connecting", not "waiting for" the answer this test is about.
        assertThat(client.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 30_000)
            .code()).isEqualTo(ResponseCode.SUCCESS);

        long start = System.nanoTime();
        assertThatThrownBy(() -> client.invokeSync(address, RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 300))
            .isInstanceOf(RemotingTimeoutException.class)
            .hasMessage("timed out after 300 ms waiting for PULL_MESSAGE (11) from " + address);
        // not before its timeout; the upper bound only catches a timeout that never fires (a loaded machine is slow)
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(300L, 30_000L);

        CompletableFuture<RemotingCommand> async = client.invokeAsync(address,
            RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 200);
        assertThat(async).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
            .havingCause().isInstanceOf(RemotingTimeoutException.class)
            .withMessage("timed out after 200 ms waiting for PULL_MESSAGE (11) from " + address);
        assertThat(client.metrics().timeouts()).isEqualTo(2);
    }

    @Test
    void processorsCanAnswerLaterFromAnotherThreadButOnlyOnce() throws Exception {
        BlockingQueue<RequestContext> held = new LinkedBlockingQueue<>();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            held.add(ctx);
            return null;
        });
        server.start();
        RemotingClient client = startedClient();

        CompletableFuture<RemotingCommand> pull = client.invokeAsync(address(server),
            RemotingCommand.request(RequestCode.PULL_MESSAGE, Map.of("queueId", "3"), null), 10_000);
        RequestContext context = held.poll(10, TimeUnit.SECONDS);
        assertThat(context).isNotNull();
        assertThat(context.isAnswered()).isFalse();
        assertThat(pull).isNotDone();

        // A "message arrives" on another thread, racing a "long-poll timeout" on a third.
        AtomicInteger sent = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        Thread arrival = new Thread(() -> {
            awaitQuietly(go);
            if (context.respond(context.request().newResponse(ResponseCode.SUCCESS).extField("found", "yes").build())) {
                sent.incrementAndGet();
            }
        });
        Thread expiry = new Thread(() -> {
            awaitQuietly(go);
            if (context.respond(context.request().response(ResponseCode.PULL_NOT_FOUND, null))) {
                sent.incrementAndGet();
            }
        });
        arrival.start();
        expiry.start();
        go.countDown();
        arrival.join();
        expiry.join();

        RemotingCommand response = pull.get(10, TimeUnit.SECONDS);
        assertThat(sent.get()).isEqualTo(1);
        assertThat(context.isAnswered()).isTrue();
        assertThat(response.code()).isIn(ResponseCode.SUCCESS, ResponseCode.PULL_NOT_FOUND);
        assertThat(context.respond(context.request().response(ResponseCode.SUCCESS, null))).isFalse();
        // Exactly one response frame left the server.
        Await.until(WAIT, "the server to count its frames", () -> server.metrics().framesOut() == 1);
        assertThat(client.metrics().unmatchedResponses()).isZero();
    }

    @Test
    void fullExecutorQueueAnswersSystemBusyNamingPoolCapacityAndProperty() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.SEND_MESSAGE, (ctx, request) -> {
            running.countDown();
            release.await();
            return request.response(ResponseCode.SUCCESS, null);
        }, new ProcessorExecutor("SendMessageThread", 1, 1, "sendThreadPoolQueueCapacity"));
        server.start();
        RemotingClient client = startedClient();
        String address = address(server);

        CompletableFuture<RemotingCommand> first = client.invokeAsync(address,
            RemotingCommand.request(RequestCode.SEND_MESSAGE, null, null), 10_000);
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<RemotingCommand> queued = client.invokeAsync(address,
            RemotingCommand.request(RequestCode.SEND_MESSAGE, null, null), 10_000);
        Await.until(WAIT, "the second request to wait in the queue", () -> server.metrics().framesIn() == 2);
        RemotingCommand busy = client.invokeSync(address, RemotingCommand.request(RequestCode.SEND_MESSAGE, null, null),
            5000);

        assertThat(busy.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(busy.remark()).startsWith("[OVERLOAD]system busy, start flow control for a while")
            .contains("SendMessageThread").contains("capacity").contains("1 requests queued")
            .endsWith("raise sendThreadPoolQueueCapacity");
        assertThat(server.metrics().busyRejections()).isEqualTo(1);
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(queued.get(10, TimeUnit.SECONDS).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void asyncPermitsRunOutWithAClearException() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            release.await();
            return request.response(ResponseCode.SUCCESS, null);
        }, executor("pull", 4, 100));
        server.start();
        RemotingClient client = client(clientConfig().with(RemotingClientConfig.CLIENT_ASYNC_SEMAPHORE_VALUE, 2));
        client.start();
        String address = address(server);
        client.connect(address);

        CompletableFuture<RemotingCommand> a = client.invokeAsync(address, RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 10_000);
        CompletableFuture<RemotingCommand> b = client.invokeAsync(address, RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 10_000);
        CompletableFuture<RemotingCommand> c = client.invokeAsync(address, RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 200);

        assertThat(c).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
            .havingCause().isInstanceOf(RemotingTooManyRequestsException.class)
            .withMessageContaining("all 2 permits (clientAsyncSemaphoreValue) stayed taken for 200 ms")
            .withMessageContaining("PULL_MESSAGE (11) to " + address);
        release.countDown();
        assertThat(a.get(10, TimeUnit.SECONDS).code()).isZero();
        assertThat(b.get(10, TimeUnit.SECONDS).code()).isZero();
        // Permits come back when responses arrive.
        assertThat(client.invokeAsync(address, RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 5000)
            .get(10, TimeUnit.SECONDS).code()).isZero();
    }

    @Test
    void onewayPermitsAreReturnedOnceWritten() throws Exception {
        AtomicInteger received = new AtomicInteger();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.UPDATE_CONSUMER_OFFSET, (ctx, request) -> {
            received.incrementAndGet();
            return null;
        });
        server.start();
        RemotingClient client = client(clientConfig().with(RemotingClientConfig.CLIENT_ONEWAY_SEMAPHORE_VALUE, 1));
        client.start();

        for (int i = 0; i < 50; i++) {
            client.invokeOneway(address(server), RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET, null, null), 5000);
        }
        Await.until(WAIT, "50 oneway requests with a single permit", () -> received.get() == 50);
    }

    @Test
    void onewaysSentTogetherArriveAllAndInOrderEvenBeyondThePermits() throws Exception {
        List<String> received = java.util.Collections.synchronizedList(new ArrayList<>());
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.UPDATE_CONSUMER_OFFSET, (ctx, request) -> {
            received.add(request.extField("seq"));
            return null;
        }, executor("oneways", 1, 10_000));
        server.start();
        RemotingClient client = client(clientConfig().with(RemotingClientConfig.CLIENT_ONEWAY_SEMAPHORE_VALUE, 3));
        client.start();

        List<String> sent = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            List<RemotingCommand> batch = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String seq = round + "-" + i;
                sent.add(seq);
                batch.add(RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET, Map.of("seq", seq), null));
            }
            client.invokeOneways(address(server), batch, 10_000); // 40 frames, 3 permits: written in chunks
        }
        Await.until(WAIT, "200 oneway requests sent in batches of 40 with 3 permits", () -> received.size() == 200);
        assertThat(received).containsExactlyElementsOf(sent);
        assertThat(server.metrics().framesOut()).as("no response to a oneway request").isZero();
    }

    @Test
    void aProcessorGroupOnTheIoThreadRunsWhereTheFrameWasRead() throws Exception {
        BlockingQueue<String> threads = new LinkedBlockingQueue<>();
        RemotingServer server = server(serverConfig());
        ProcessorExecutor inline = ProcessorExecutor.onIoThread("inline");
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> {
            threads.add(Thread.currentThread().getName());
            return request.response(ResponseCode.SUCCESS, null);
        }, inline);
        server.start();
        RemotingClient client = startedClient();

        for (int i = 0; i < 3; i++) {
            assertThat(client.invokeSync(address(server), RemotingCommand.request(RequestCode.HEART_BEAT, null, null),
                5000).code()).isEqualTo(ResponseCode.SUCCESS);
        }
        assertThat(threads).hasSize(3).allSatisfy(name -> assertThat(name).contains("-io-"));
        assertThat(inline.queued()).isZero();
        assertThat(inline.headWaitMillis(System.nanoTime())).isZero();
        assertThat(inline.toString()).contains("on the I/O thread");
    }

    @Test
    void semaphoreTimeoutNamesThePropertyForOnewayToo() throws Exception {
        InFlightLimits limits = new InFlightLimits(1, "clientAsyncSemaphoreValue", 1, "clientOnewaySemaphoreValue");
        limits.acquireOneway(0, 0, "x");

        assertThatThrownBy(() -> limits.acquireOneway(50, 50, "UPDATE_CONSUMER_OFFSET (15) to 127.0.0.1:1"))
            .isInstanceOf(RemotingTooManyRequestsException.class)
            .hasMessage("too many oneway calls in flight: all 1 permits (clientOnewaySemaphoreValue) stayed taken for "
                + "50 ms; not sent: UPDATE_CONSUMER_OFFSET (15) to 127.0.0.1:1");
        limits.releaseOneway();
        assertThat(limits.onewayAvailable()).isEqualTo(1);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
