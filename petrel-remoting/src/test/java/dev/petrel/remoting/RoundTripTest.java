package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.LanguageCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingVersion;
import dev.petrel.protocol.frame.SerializeType;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class RoundTripTest extends RemotingFixture {

    /** Echoes the request's ext fields and body back, and says which language/version it saw. */
    static final RequestProcessor ECHO = (ctx, request) -> request.newResponse(ResponseCode.SUCCESS)
        .extFields(request.extFields()).extField("sawLanguage", ctx.language().name())
        .extField("sawVersion", String.valueOf(ctx.version())).body(request.body()).build();

    @Test
    void syncAsyncAndOnewayCallsReachTheProcessorAndComeBack() throws Exception {
        List<RemotingCommand> oneways = new CopyOnWriteArrayList<>();
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, ECHO, executor("echo", 2, 100));
        server.registerProcessor(RequestCode.UPDATE_CONSUMER_OFFSET, (ctx, request) -> {
            oneways.add(request);
            return request.response(ResponseCode.SUCCESS, "never sent");
        }, executor("oneway", 1, 100));
        server.start();
        RemotingClient client = startedClient();

        RemotingCommand request = RemotingCommand.newRequest(RequestCode.HEART_BEAT).extField("clientID", "c1")
            .body("hello".getBytes(StandardCharsets.UTF_8)).language(LanguageCode.GO).version(399).build();
        RemotingCommand sync = client.invokeSync(address(server), request, 3000);
        RemotingCommand async = client.invokeAsync(address(server), request, 3000).get();
        client.invokeOneway(address(server), RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET,
            Map.of("commitOffset", "42"), null), 3000);

        for (RemotingCommand response : List.of(sync, async)) {
            assertThat(response.isResponse()).isTrue();
            assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(response.extFields()).containsEntry("clientID", "c1").containsEntry("sawLanguage", "GO")
                .containsEntry("sawVersion", "399");
            assertThat(new String(response.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
            assertThat(response.version()).isEqualTo(RemotingVersion.CURRENT);
            assertThat(response.language()).isEqualTo(LanguageCode.JAVA);
        }
        Await.until(WAIT, "the oneway request to arrive", () -> oneways.size() == 1);
        assertThat(oneways.get(0).isOneway()).isTrue();
        assertThat(oneways.get(0).extField("commitOffset")).isEqualTo("42");
        assertThat(server.metrics().framesIn()).isEqualTo(3);
        assertThat(server.metrics().framesOut()).as("no response to the oneway request").isEqualTo(2);
    }

    @Test
    void answersInTheRequestsSerializeTypeButJsonForCodesBeyondAShort() throws Exception {
        RemotingServer server = server(serverConfig());
        // A careless processor: echoes the request's language, version and flag; the server fixes them.
        server.registerDefaultProcessor((ctx, request) -> request.toBuilder().code(request.code() == 1 ? 200_001 : 0)
            .build(), executor("default", 1, 100));
        server.start();

        try (RawPeer peer = new RawPeer(server.port())) {
            peer.send(RemotingCommand.newRequest(7).opaque(11).language(LanguageCode.CPP).version(12)
                .serializeType(SerializeType.ROCKETMQ).build());
            RemotingCommand binary = peer.readFrame();
            peer.send(RemotingCommand.newRequest(1).opaque(12).serializeType(SerializeType.ROCKETMQ).build());
            RemotingCommand pop = peer.readFrame();
            peer.send(RemotingCommand.newRequest(7).opaque(13).build());
            RemotingCommand json = peer.readFrame();

            assertThat(binary.serializeType()).isEqualTo(SerializeType.ROCKETMQ);
            assertThat(binary.opaque()).isEqualTo(11);
            assertThat(pop.serializeType()).isEqualTo(SerializeType.JSON);
            assertThat(pop.code()).isEqualTo(200_001);
            assertThat(pop.opaque()).isEqualTo(12);
            assertThat(json.serializeType()).isEqualTo(SerializeType.JSON);
            assertThat(json.opaque()).isEqualTo(13);
            assertThat(List.of(binary, pop, json)).allSatisfy(r -> {
                assertThat(r.isResponse()).isTrue();
                assertThat(r.version()).isEqualTo(475);
                assertThat(r.language()).isEqualTo(LanguageCode.JAVA);
            });
        }
    }

    @Test
    void unknownCodeIsAnsweredRequestCodeNotSupportedNamingTheCode() throws Exception {
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, ECHO);
        server.start();
        RemotingClient client = startedClient();

        RemotingCommand unknown = client.invokeSync(address(server), RemotingCommand.request(9999, null, null), 3000);
        RemotingCommand known = client.invokeSync(address(server),
            RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC, null, null), 3000);

        assertThat(unknown.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(unknown.remark()).isEqualTo(" request type 9999 not supported");
        assertThat(known.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
        assertThat(known.remark()).isEqualTo(" request type 105 (GET_ROUTEINFO_BY_TOPIC) not supported");
        assertThat(server.metrics().unsupportedRequests()).isEqualTo(2);
    }

    @Test
    void processorExceptionsBecomeSystemErrorAndTheConnectionSurvives() throws Exception {
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> {
            throw new IllegalStateException("store is read-only");
        });
        server.registerProcessor(RequestCode.GET_KV_CONFIG, ECHO);
        server.start();
        RemotingClient client = startedClient();

        for (int i = 0; i < 3; i++) {
            RemotingCommand error = client.invokeSync(address(server), RemotingCommand.request(RequestCode.HEART_BEAT,
                null, null), 3000);
            assertThat(error.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(error.remark()).isEqualTo("java.lang.IllegalStateException: store is read-only");
        }
        RemotingCommand ok = client.invokeSync(address(server), RemotingCommand.request(RequestCode.GET_KV_CONFIG,
            null, null), 3000);

        assertThat(ok.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(client.connections()).hasSize(1);
        assertThat(server.metrics().processorErrors()).isEqualTo(3);
    }

    @Test
    void onewayRequestsGetNoResponseEvenOnErrors() throws Exception {
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.HEART_BEAT, (ctx, request) -> {
            throw new IllegalStateException("boom");
        });
        server.registerProcessor(RequestCode.GET_KV_CONFIG, ECHO);
        server.start();

        try (RawPeer peer = new RawPeer(server.port())) {
            peer.send(RemotingCommand.request(9999, null, null).asOneway().withOpaque(1));
            peer.send(RemotingCommand.request(RequestCode.HEART_BEAT, null, null).asOneway().withOpaque(2));
            Await.until(WAIT, "both oneway requests to be handled",
                () -> server.metrics().unsupportedRequests() == 1 && server.metrics().processorErrors() == 1);
            peer.send(RemotingCommand.request(RequestCode.GET_KV_CONFIG, null, null).withOpaque(3));

            RemotingCommand first = peer.readFrame();
            assertThat(first.opaque()).as("the first frame back answers the third request").isEqualTo(3);
            assertThat(first.code()).isEqualTo(ResponseCode.SUCCESS);
        }
    }

    @Test
    void rejectingProcessorIsAnsweredSystemBusy() throws Exception {
        RemotingServer server = server(serverConfig());
        server.registerProcessor(RequestCode.SEND_MESSAGE, new RequestProcessor() {
            @Override
            public RemotingCommand process(RequestContext context, RemotingCommand request) {
                throw new AssertionError("a declined request must not run");
            }

            @Override
            public boolean rejectRequest() {
                return true;
            }
        });
        server.start();

        RemotingCommand busy = startedClient().invokeSync(address(server),
            RemotingCommand.request(RequestCode.SEND_MESSAGE, null, null), 3000);

        assertThat(busy.code()).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(busy.remark()).isEqualTo("[REJECTREQUEST]system busy, start flow control for a while");
    }

    @Test
    void connectFailureNamesTheAddress() throws Exception {
        int port;
        try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        RemotingClient client = startedClient();

        assertThatThrownBy(() -> client.invokeSync("127.0.0.1:" + port, RemotingCommand.request(1, null, null), 3000))
            .isInstanceOf(RemotingConnectException.class)
            .hasMessageStartingWith("connect failed to 127.0.0.1:" + port);
        assertThatThrownBy(() -> client.invokeSync("no-port", RemotingCommand.request(1, null, null), 3000))
            .isInstanceOf(RemotingConnectException.class).hasMessageContaining("not a host:port address");
        assertThat(client.invokeAsync("127.0.0.1:" + port, RemotingCommand.request(1, null, null), 3000))
            .failsWithin(WAIT).withThrowableOfType(java.util.concurrent.ExecutionException.class)
            .withCauseInstanceOf(RemotingConnectException.class);
        // A connect that has failed by the time invokeAsync looks at it (at once here) fails the future; it used to
        // throw a CompletionException at the caller, which run 22 saw stop a broker's start (its first registration
        // to a NameServer whose refusal came back before the look).
        assertThat(client.invokeAsync("no-port", RemotingCommand.request(1, null, null), 3000))
            .failsWithin(WAIT).withThrowableOfType(java.util.concurrent.ExecutionException.class)
            .withCauseInstanceOf(RemotingConnectException.class)
            .withMessageContaining("not a host:port address");
    }
}
