package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Broker → client calls over the client's own connection, and connection events on both ends. */
class ServerToClientTest extends RemotingFixture {

    @Test
    void serverCallsTheClientBackOverItsConnection() throws Exception {
        BlockingQueue<Connection> clientConnections = new LinkedBlockingQueue<>();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> {
            clientConnections.add(ctx.connection());
            return request.response(ResponseCode.SUCCESS, null);
        });
        server.start();

        List<RemotingCommand> notified = new CopyOnWriteArrayList<>();
        RemotingClient client = client(clientConfig());
        client.registerProcessor(RequestCode.GET_CONSUMER_RUNNING_INFO, (ctx, request) ->
            request.newResponse(ResponseCode.SUCCESS).extField("group", request.extField("consumerGroup"))
                .body("{\"running\":true}".getBytes()).build());
        client.registerProcessor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, (ctx, request) -> {
            notified.add(request);
            return null;
        });
        client.start();

        // The client's own request, in flight the other way at the same time, is unaffected.
        assertThat(client.invokeSync(address(server), RemotingCommand.request(RequestCode.HEART_BEAT, null, null), 3000)
            .code()).isZero();
        Connection toClient = clientConnections.poll(10, TimeUnit.SECONDS);
        assertThat(toClient).isNotNull();

        RemotingCommand info = toClient.invokeSync(RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO,
            Map.of("consumerGroup", "cg"), null), 3000);
        RemotingCommand infoAsync = toClient.invokeAsync(RemotingCommand.request(RequestCode.GET_CONSUMER_RUNNING_INFO,
            Map.of("consumerGroup", "cg2"), null), 3000).get(10, TimeUnit.SECONDS);
        toClient.invokeOneway(RemotingCommand.request(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED,
            Map.of("consumerGroup", "cg"), null), 3000);
        toClient.invokeOneway(RemotingCommand.request(RequestCode.CHECK_TRANSACTION_STATE,
            Map.of("tranStateTableOffset", "1"), null), 3000);
        RemotingCommand unknown = toClient.invokeSync(RemotingCommand.request(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
            null, null), 3000);

        assertThat(info.code()).isZero();
        assertThat(info.extField("group")).isEqualTo("cg");
        assertThat(new String(info.body())).isEqualTo("{\"running\":true}");
        assertThat(infoAsync.extField("group")).isEqualTo("cg2");
        Await.until(WAIT, "the oneway notification", () -> notified.size() == 1);
        assertThat(notified.get(0).extField("consumerGroup")).isEqualTo("cg");
        assertThat(unknown.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(unknown.remark()).isEqualTo(" request type 221 (GET_CONSUMER_STATUS_FROM_CLIENT) not supported");
        // CHECK_TRANSACTION_STATE was oneway and unknown to the client: no answer, nothing unmatched on the server.
        Await.until(WAIT, "the client to count the unsupported oneway", () -> client.metrics().unsupportedRequests() == 2);
        assertThat(server.metrics().unmatchedResponses()).isZero();
    }

    @Test
    void listenersHearConnectAndCloseOnBothEnds() throws Exception {
        List<String> serverEvents = new CopyOnWriteArrayList<>();
        List<String> clientEvents = new CopyOnWriteArrayList<>();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> request.response(0, null));
        server.addConnectionListener(recorder(serverEvents));
        server.start();
        RemotingClient client = client(clientConfig());
        client.addConnectionListener(recorder(clientEvents));
        client.start();

        Connection connection = client.connect(address(server));
        Await.until(WAIT, "the server to see the connection", () -> serverEvents.contains("connected"));
        assertThat(server.connections()).hasSize(1);
        assertThat(server.connections().get(0).remoteAddress()).isEqualTo(connection.localAddress());
        connection.close();

        Await.until(WAIT, "both ends to hear the close",
            () -> serverEvents.contains("closed") && clientEvents.contains("closed"));
        assertThat(serverEvents).containsExactly("connected", "closed");
        assertThat(clientEvents).containsExactly("connected", "closed");
        assertThat(connection.isActive()).isFalse();
        Await.until(WAIT, "the server to forget the connection", () -> server.connections().isEmpty());
    }

    static ConnectionListener recorder(List<String> events) {
        return new ConnectionListener() {
            @Override
            public void connected(Connection connection) {
                events.add("connected");
            }

            @Override
            public void closed(Connection connection) {
                events.add("closed");
            }

            @Override
            public void idle(Connection connection) {
                events.add("idle");
            }

            @Override
            public void exception(Connection connection, Throwable cause) {
                events.add("exception:" + cause.getClass().getSimpleName());
            }
        };
    }
}
