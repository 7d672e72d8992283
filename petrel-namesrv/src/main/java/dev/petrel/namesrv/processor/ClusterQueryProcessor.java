package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.GetTopicsByClusterRequestHeader;
import dev.petrel.remoting.RequestContext;
import java.util.Set;

/**
 * Read-only questions about the whole registry, answered from its published state without locks:
 * GET_BROKER_CLUSTER_INFO (106), GET_ALL_TOPIC_LIST_FROM_NAMESERVER (206), GET_TOPICS_BY_CLUSTER (224),
 * GET_SYSTEM_TOPIC_LIST_FROM_NS (304) and the unit topic lists (311, 312, 313).
 */
public final class ClusterQueryProcessor extends NamesrvProcessor {

    private final RouteRegistry registry;
    private final NamesrvConfig config;

    public ClusterQueryProcessor(RouteRegistry registry, NamesrvConfig config) {
        this.registry = registry;
        this.config = config;
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        return switch (request.code()) {
            case RequestCode.GET_BROKER_CLUSTER_INFO ->
                success(request, null, ClusterInfo.CODEC.encode(registry.clusterInfo()));
            case RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER -> {
                requireEnabled(config.enableAllTopicList(), NamesrvConfig.ENABLE_ALL_TOPIC_LIST.name());
                yield topics(request, registry.topicNames());
            }
            case RequestCode.GET_TOPICS_BY_CLUSTER -> {
                requireEnabled(config.enableTopicList(), NamesrvConfig.ENABLE_TOPIC_LIST.name());
                String cluster = header(request, GetTopicsByClusterRequestHeader.class).cluster();
                yield topics(request, registry.topicsOfCluster(cluster));
            }
            case RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS ->
                success(request, null, TopicList.CODEC.encode(registry.systemTopics()));
            case RequestCode.GET_UNIT_TOPIC_LIST -> {
                requireEnabled(config.enableTopicList(), NamesrvConfig.ENABLE_TOPIC_LIST.name());
                yield topics(request, registry.unitTopics());
            }
            case RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST -> {
                requireEnabled(config.enableTopicList(), NamesrvConfig.ENABLE_TOPIC_LIST.name());
                yield topics(request, registry.unitSubTopics());
            }
            case RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST -> {
                requireEnabled(config.enableTopicList(), NamesrvConfig.ENABLE_TOPIC_LIST.name());
                yield topics(request, registry.unitSubNonUnitTopics());
            }
            default -> throw new IllegalArgumentException("not a cluster query: " + request.code());
        };
    }

    private static RemotingCommand topics(RemotingCommand request, Set<String> topics) {
        return success(request, null, TopicList.CODEC.encode(new TopicList(null, topics)));
    }

    /** Apache answers a disabled list with SYSTEM_ERROR "disable"; Petrel adds which property disables it. */
    private static void requireEnabled(boolean enabled, String property) throws BadRequest {
        if (!enabled) {
            throw new BadRequest(ResponseCode.SYSTEM_ERROR, "disable: " + property + " is false on this name server");
        }
    }
}
