package dev.petrel.namesrv.processor;

import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.namesrv.kv.KvConfigTable;
import dev.petrel.namesrv.route.BrokerMembership;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.namesrv.route.TopicRoute;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingVersion;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.remoting.RequestContext;
import java.util.Set;

/**
 * GET_ROUTEINFO_BY_TOPIC (105), the NameServer's hot path: a lock-free registry lookup answered with the route's
 * cached body (standard JSON for clients of version 401 and later or with {@code acceptStandardJsonOnly}, the legacy
 * unquoted-id form otherwise). Runs on the client request pool ({@code clientRequestThreadPoolNums}).
 */
public final class RouteQueryProcessor extends NamesrvProcessor {

    /** Apache's remark, kept as the prefix because clients and people search for it. */
    static final String NO_ROUTE_PREFIX = "No topic route info in name server for the topic: ";

    private final RouteRegistry registry;
    private final KvConfigTable kv;
    private final NamesrvConfig config;
    private final Clock clock;
    private final long startMillis;
    /** Set once a route was served: from then on needWaitForService no longer holds clients back. */
    private volatile boolean routeServed;

    public RouteQueryProcessor(RouteRegistry registry, KvConfigTable kv, NamesrvConfig config, Clock clock) {
        this.registry = registry;
        this.kv = kv;
        this.config = config;
        this.clock = clock;
        this.startMillis = clock.millis();
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        GetRouteInfoRequestHeader header = header(request, GetRouteInfoRequestHeader.class);
        if (config.needWaitForService() && !routeServed
            && clock.millis() - startMillis < config.waitSecondsForService() * 1000L) {
            return request.response(ResponseCode.SYSTEM_ERROR, "name server not ready; it started "
                + (clock.millis() - startMillis) / 1000 + " s ago and waits " + config.waitSecondsForService()
                + " s (waitSecondsForService) for brokers to register");
        }
        String topic = header.topic();
        TopicRoute route = registry.route(topic);
        if (route == null) {
            return request.response(ResponseCode.TOPIC_NOT_EXIST, noRouteRemark(topic));
        }
        if (!routeServed) {
            routeServed = true;
        }
        if (config.orderMessageEnable()) {
            String orderConf = kv.get(KvConfigTable.ORDER_TOPIC_CONFIG, topic);
            if (orderConf != null) {
                route = route.withOrderTopicConf(orderConf);
            }
        }
        boolean standardJson = request.version() >= RemotingVersion.V4_9_4
            || Boolean.TRUE.equals(header.acceptStandardJsonOnly());
        return request.newResponse(ResponseCode.SUCCESS).body(route.body(standardJson)).build();
    }

    /** Apache's sentence, then what this NameServer knows and what to do, on one line. */
    String noRouteRemark(String topic) {
        BrokerMembership membership = registry.membership();
        StringBuilder remark = new StringBuilder(160).append(NO_ROUTE_PREFIX).append(topic);
        Set<String> clusters = membership.clusters().keySet();
        if (membership.brokerAddrCount() == 0) {
            remark.append("; no broker has registered with this name server yet (check the brokers' namesrvAddr)");
            return remark.toString();
        }
        remark.append("; this name server knows ").append(membership.brokerAddrCount())
            .append(membership.brokerAddrCount() == 1 ? " broker" : " brokers").append(" in ").append(clusters.size())
            .append(clusters.size() == 1 ? " cluster (" : " clusters (");
        int shown = 0;
        for (String cluster : clusters) {
            if (shown == 3) {
                remark.append(", ...");
                break;
            }
            remark.append(shown++ == 0 ? "" : ", ").append(cluster);
        }
        String someCluster = clusters.iterator().next();
        remark.append(") and ").append(registry.topicCount()).append(" topics; create the topic (mqadmin updateTopic -c ")
            .append(someCluster).append(" -t ").append(topic)
            .append(") or set autoCreateTopicEnable=true on a broker");
        return remark.toString();
    }
}
