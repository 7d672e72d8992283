package dev.petrel.client.internal;

import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;

/** The client's NameServer calls, failing over between NameServers. Thread-safe. */
public final class NameServerCalls {

    private final Remote remote;
    private final long timeoutMillis;

    public NameServerCalls(Remote remote, long timeoutMillis) {
        this.remote = remote;
        this.timeoutMillis = timeoutMillis;
    }

    /** GET_ROUTEINFO_BY_TOPIC; null when the NameServer says TOPIC_NOT_EXIST. */
    public TopicRouteData route(String topic) {
        String what = "route query of topic " + topic;
        RemotingCommand response = remote.callNameServer(Requests.of(RequestCode.GET_ROUTEINFO_BY_TOPIC,
            new GetRouteInfoRequestHeader(topic, null, RpcFields.NONE), null), timeoutMillis, what);
        if (response.code() == ResponseCode.TOPIC_NOT_EXIST) {
            return null;
        }
        Remote.expect(response, ResponseCode.SUCCESS, remote.nameServers().current(), what);
        return TopicRouteData.CODEC.decode(response.body());
    }

    public ClusterInfo clusterInfo() {
        String what = "cluster info query";
        RemotingCommand response = remote.callNameServer(Requests.bare(RequestCode.GET_BROKER_CLUSTER_INFO, null),
            timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, remote.nameServers().current(), what);
        return ClusterInfo.CODEC.decode(response.body());
    }

    public TopicList allTopics() {
        String what = "topic list query";
        RemotingCommand response = remote.callNameServer(Requests.bare(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER,
            null), timeoutMillis, what);
        Remote.expect(response, ResponseCode.SUCCESS, remote.nameServers().current(), what);
        return TopicList.CODEC.decode(response.body());
    }
}
