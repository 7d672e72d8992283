package dev.petrel.protocol.body.route;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.List;
import java.util.Map;

/**
 * Route of a topic: GET_ROUTEINFO_BY_TOPIC response, REGISTER_TOPIC_IN_NAMESRV request (only {@code queueDatas}).
 * {@code orderTopicConf} ({@code brokerName:queueNums;…}), when present, is all the client builds its queues from.
 * {@code topicQueueMappingByBroker} is for static topics only and left out when null.
 */
public record TopicRouteData(
    List<BrokerData> brokerDatas,
    Map<String, List<String>> filterServerTable,
    String orderTopicConf,
    List<QueueData> queueDatas,
    Map<String, TopicQueueMappingInfo> topicQueueMappingByBroker) {

    public static final BodyCodec<TopicRouteData> CODEC = BodyCodec.of(TopicRouteData.class);

    public TopicRouteData {
        brokerDatas = BodyCollections.list(brokerDatas);
        filterServerTable = BodyCollections.map(filterServerTable);
        queueDatas = BodyCollections.list(queueDatas);
        topicQueueMappingByBroker = BodyCollections.mapOrNull(topicQueueMappingByBroker);
    }
}
