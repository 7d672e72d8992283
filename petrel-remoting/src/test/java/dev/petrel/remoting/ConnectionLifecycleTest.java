package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Idle close, reconnect after a server restart, and what shutting down does to calls in flight. */
class ConnectionLifecycleTest extends RemotingFixture {

    @Test
    void idleConnectionsAreClosedAfterTheConfiguredTime() throws Exception {
        List<String> serverEvents = new CopyOnWriteArrayList<>();
        List<String> clientEvents = new CopyOnWriteArrayList<>();
        RemotingServer server = server(serverConfig().with(RemotingServerConfig.SERVER_CHANNEL_MAX_IDLE_TIME_SECONDS, 1));
        server.registerProcessor(RequestCode.HEART_BEAT, RoundTripTest.ECHO);
        server.addConnectionListener(ServerToClientTest.recorder(serverEvents));
        server.start();
        RemotingClient client = client(clientConfig().with(RemotingClientConfig.CLIENT_CHANNEL_MAX_IDLE_TIME_SECONDS, 0));
        client.addConnectionListener(ServerToClientTest.recorder(clientEvents));
        client.start();

        Connection connection = client.connect(address(server));
        long start = System.nanoTime();
        Await.until(WAIT, "the server to close the idle connection", () -> !connection.isActive());

        assertThat((System.nanoTime() - start) / 1_000_000).as("ms until closed").isGreaterThanOrEqualTo(900);
        Await.until(WAIT, "the events", () -> serverEvents.contains("closed") && clientEvents.contains("closed"));
        assertThat(serverEvents).containsExactly("connected", "idle", "closed");
        assertThat(server.metrics().idleClosed()).isEqualTo(1);
        // The next call simply connects again.
        assertThat(client.invokeSync(address(server), RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 3000)
            .code()).isZero();
    }

    @Test
    void clientIdleTimeoutClosesItsSideToo() throws Exception {
        RemotingServer server = server(serverConfig().with(RemotingServerConfig.SERVER_CHANNEL_MAX_IDLE_TIME_SECONDS, 0));
        server.start();
        RemotingClient client = client(clientConfig().with(RemotingClientConfig.CLIENT_CHANNEL_MAX_IDLE_TIME_SECONDS, 1));
        client.start();

        Connection connection = client.connect(address(server));

        Await.until(WAIT, "the client to close its idle connection", () -> !connection.isActive());
        assertThat(client.metrics().idleClosed()).isEqualTo(1);
    }

    @Test
    void clientReconnectsAfterTheServerRestartsOnTheSamePort() throws Exception {
        RemotingServer first = new RemotingServer("first", serverConfig(), Clock.system());
        first.registerProcessor(RequestCode.HEART_BEAT, (ctx, r) -> r.newResponse(0).extField("server", "first").build());
        first.start();
        int port = first.port();
        RemotingClient client = startedClient();
        String address = "127.0.0.1:" + port;
        assertThat(client.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 3000)
            .extField("server")).isEqualTo("first");

        first.close();
        Await.until(WAIT, "the client to notice the close", () -> client.connections().isEmpty());
        assertThatThrownBy(() -> client.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 3000))
            .isInstanceOf(RemotingConnectException.class).hasMessageStartingWith("connect failed to " + address);

        RemotingServer second = server(serverConfig().with(RemotingServerConfig.LISTEN_PORT, port));
        second.registerProcessor(RequestCode.HEART_BEAT, (ctx, r) -> r.newResponse(0).extField("server", "second").build());
        second.start();

        assertThat(client.invokeSync(address, RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 3000)
            .extField("server")).isEqualTo("second");
        assertThat(client.metrics().connectionsOpened()).isEqualTo(2);
    }

    @Test
    void closingTheServerFailsTheClientsWaitingCalls() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        RemotingServer server = new RemotingServer("closing", serverConfig(), Clock.system());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            entered.countDown();
            return null;
        });
        server.start();
        RemotingClient client = startedClient();

        CompletableFuture<RemotingCommand> pull = client.invokeAsync(address(server),
            RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 30_000);
        entered.await();
        server.close();

        assertThat(pull).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
            .havingCause().isInstanceOf(RemotingSendException.class)
            .withMessageContaining("closed before the response to PULL_MESSAGE (11) arrived");
    }

    @Test
    void closingTheClientFailsItsWaitingCallsAndRefusesNewOnes() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.PULL_MESSAGE, (ctx, request) -> {
            entered.countDown();
            return null;
        });
        server.start();
        RemotingClient client = new RemotingClient("closing-client", clientConfig(), Clock.system());
        client.start();

        CompletableFuture<RemotingCommand> pull = client.invokeAsync(address(server),
            RemotingCommand.request(RequestCode.PULL_MESSAGE, null, null), 30_000);
        entered.await();
        client.close();

        assertThat(pull).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
            .havingCause().isInstanceOf(RemotingException.class);
        assertThatThrownBy(() -> client.invokeSync(address(server), RemotingCommand.request(1, null, null), 1000))
            .isInstanceOf(RemotingClosedException.class).hasMessage("remoting closing-client is shut down");
        Await.until(WAIT, "the server to see the client go", () -> server.connections().isEmpty());
    }

    @Test
    void bindFailureSaysWhichAddress() throws Exception {
        RemotingServer first = server(serverConfig());
        first.start();
        RemotingServer second = server(serverConfig().with(RemotingServerConfig.LISTEN_PORT, first.port()));

        assertThatThrownBy(second::start).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("cannot listen on 127.0.0.1:" + first.port());
    }

    @Test
    void processorsMustBeRegisteredBeforeStart() throws Exception {
        RemotingServer server = server(serverConfig());
        server.start();

        assertThatThrownBy(() -> server.registerProcessor(1, (c, r) -> null))
            .isInstanceOf(IllegalStateException.class).hasMessage("register processors before start()");
    }
}
