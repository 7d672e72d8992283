package dev.petrel.client.testing;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A NameServer for client tests: real sockets and frames, routes set by the test (or by {@link FakeBroker}s creating
 * topics). Answers GET_ROUTEINFO_BY_TOPIC only; TOPIC_NOT_EXIST for unknown topics, as the real one.
 */
public final class FakeNameServer implements AutoCloseable {

    private final RemotingServer server;
    private final Map<String, List<QueueData>> queues = new ConcurrentHashMap<>();
    private final Map<String, BrokerData> brokers = new ConcurrentHashMap<>();
    private final Map<String, List<String>> topicBrokers = new ConcurrentHashMap<>();
    public final AtomicInteger routeQueries = new AtomicInteger();

    public FakeNameServer() {
        server = new RemotingServer("fake-namesrv", RemotingServerConfig.defaults()
            .with(RemotingServerConfig.BIND_ADDRESS, "127.0.0.1"), Clock.system());
        server.registerProcessor(RequestCode.GET_ROUTEINFO_BY_TOPIC, (ctx, request) -> {
            routeQueries.incrementAndGet();
            TopicRouteData route = route(request.extField("topic"));
            if (route == null) {
                return request.response(ResponseCode.TOPIC_NOT_EXIST, "No topic route info in name server for the topic: "
                    + request.extField("topic"));
            }
            return request.newResponse(ResponseCode.SUCCESS).body(TopicRouteData.CODEC.encode(route)).build();
        });
        server.start();
    }

    public String address() {
        return "127.0.0.1:" + server.port();
    }

    public void register(String topic, String brokerName, String brokerAddress, int queueNums, int perm) {
        brokers.put(brokerName, new BrokerData(Map.of(0L, brokerAddress), brokerName, "FakeCluster", false, null));
        queues.compute(topic, (t, old) -> {
            List<QueueData> out = new ArrayList<>(old == null ? List.of() : old);
            out.removeIf(q -> q.brokerName().equals(brokerName));
            out.add(new QueueData(brokerName, perm, queueNums, 0, queueNums));
            return out;
        });
    }

    public void unregister(String topic) {
        queues.remove(topic);
    }

    public TopicRouteData route(String topic) {
        List<QueueData> qds = queues.get(topic);
        if (qds == null || qds.isEmpty()) {
            return null;
        }
        List<BrokerData> bds = new ArrayList<>();
        for (QueueData q : qds) {
            bds.add(brokers.get(q.brokerName()));
        }
        return new TopicRouteData(bds, Map.of(), null, qds, null);
    }

    @Override
    public void close() {
        server.close();
    }
}
