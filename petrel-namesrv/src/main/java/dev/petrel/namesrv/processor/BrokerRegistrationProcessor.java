package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.namesrv.NamesrvWriterLoop;
import dev.petrel.namesrv.kv.KvConfigTable;
import dev.petrel.namesrv.route.BrokerKey;
import dev.petrel.namesrv.route.BrokerRegistration;
import dev.petrel.namesrv.route.RegistrationResult;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.route.GetBrokerMemberGroupResponseBody;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.catalog.HeaderCatalog;
import dev.petrel.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import dev.petrel.protocol.header.namesrv.GetBrokerMemberGroupRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterTopicRequestHeader;
import dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import dev.petrel.remoting.RequestContext;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The requests brokers send: REGISTER_BROKER (103), UNREGISTER_BROKER (104), QUERY_DATA_VERSION (322),
 * BROKER_HEARTBEAT (904), REGISTER_TOPIC_IN_NAMESRV (217) and GET_BROKER_MEMBER_GROUP (901). Headers and bodies are
 * decoded here, on the request pool; the registry changes run on the writer thread, and the answer is sent when
 * they are done.
 */
public final class BrokerRegistrationProcessor extends NamesrvProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerRegistrationProcessor.class);

    private final RouteRegistry registry;
    private final KvConfigTable kv;
    private final NamesrvConfig config;
    private final NamesrvWriterLoop writer;

    public BrokerRegistrationProcessor(RouteRegistry registry, KvConfigTable kv, NamesrvConfig config,
                                       NamesrvWriterLoop writer) {
        this.registry = registry;
        this.kv = kv;
        this.config = config;
        this.writer = writer;
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        return switch (request.code()) {
            case RequestCode.REGISTER_BROKER -> registerBroker(context, request);
            case RequestCode.UNREGISTER_BROKER -> unregisterBroker(context, request);
            case RequestCode.QUERY_DATA_VERSION -> queryDataVersion(request);
            case RequestCode.BROKER_HEARTBEAT -> heartbeat(request);
            case RequestCode.REGISTER_TOPIC_IN_NAMESRV -> registerTopic(context, request);
            case HeaderCatalog.GET_BROKER_MEMBER_GROUP -> memberGroup(request);
            default -> throw new IllegalArgumentException("not a broker request: " + request.code());
        };
    }

    private RemotingCommand registerBroker(RequestContext context, RemotingCommand request) throws BadRequest {
        RegisterBrokerRequestHeader header = header(request, RegisterBrokerRequestHeader.class);
        BrokerRegistration registration = RegistrationReader.read(header, request.body(), request.version());
        Object connection = context.connection();
        return later(context, request, () -> writer.submit(() -> {
            RegistrationResult result = registry.register(registration, connection);
            if (result.status() == RegistrationResult.Status.REFUSED_BEFORE_FULL_REGISTRATION) {
                return request.response(ResponseCode.SYSTEM_ERROR, "register broker failed: " + registration.key()
                    + " sent a one-topic (incremental) registration before its full one; its next full "
                    + "registration will be accepted");
            }
            return success(request, new RegisterBrokerResponseHeader(result.haServerAddr(), result.masterAddr()),
                orderTopicConfig());
        }));
    }

    /** The REGISTER_BROKER answer's body: the ORDER_TOPIC_CONFIG namespace when it exists and is wanted. */
    private byte[] orderTopicConfig() {
        if (!config.returnOrderTopicConfigToBroker()) {
            return null;
        }
        Map<String, String> orderConf = kv.namespace(KvConfigTable.ORDER_TOPIC_CONFIG);
        return orderConf == null ? null : KVTable.CODEC.encode(new KVTable(orderConf));
    }

    private RemotingCommand unregisterBroker(RequestContext context, RemotingCommand request) throws BadRequest {
        UnRegisterBrokerRequestHeader header = header(request, UnRegisterBrokerRequestHeader.class);
        BrokerKey key = new BrokerKey(header.clusterName(), header.brokerAddr());
        CompletableFuture<RemotingCommand> done;
        try {
            done = writer.submitUnregistration(() -> {
                registry.unregister(key, header.brokerName());
                return success(request);
            });
        } catch (NamesrvWriterLoop.QueueFullException full) {
            return request.response(ResponseCode.SYSTEM_ERROR, full.getMessage());
        }
        return later(context, request, () -> done);
    }

    private RemotingCommand queryDataVersion(RemotingCommand request) throws BadRequest {
        QueryDataVersionRequestHeader header = header(request, QueryDataVersionRequestHeader.class);
        DataVersion reported;
        try {
            reported = DataVersion.CODEC.decode(request.body());
        } catch (MalformedBodyException e) {
            throw new BadRequest(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        BrokerKey key = new BrokerKey(header.clusterName(), header.brokerAddr());
        DataVersion stored = registry.dataVersion(key);
        touch(key);
        return success(request, new QueryDataVersionResponseHeader(stored == null || !stored.equals(reported)),
            stored == null ? null : DataVersion.CODEC.encode(stored));
    }

    private RemotingCommand heartbeat(RemotingCommand request) throws BadRequest {
        BrokerHeartbeatRequestHeader header = header(request, BrokerHeartbeatRequestHeader.class);
        touch(new BrokerKey(header.clusterName(), header.brokerAddr()));
        return success(request);
    }

    /** Liveness refreshes are best effort: under overload the broker's next heartbeat tries again. */
    private void touch(BrokerKey key) {
        try {
            writer.submit(() -> registry.touch(key));
        } catch (NamesrvWriterLoop.QueueFullException full) {
            LOG.warn("liveness refresh of {} skipped: {}", key, full.getMessage());
        }
    }

    private RemotingCommand registerTopic(RequestContext context, RemotingCommand request) throws BadRequest {
        RegisterTopicRequestHeader header = header(request, RegisterTopicRequestHeader.class);
        TopicRouteData route;
        try {
            route = TopicRouteData.CODEC.decode(request.body());
        } catch (MalformedBodyException e) {
            throw new BadRequest(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
        if (route.queueDatas().isEmpty()) {
            return success(request);
        }
        String topic = header.topic();
        return later(context, request, () -> writer.submit(() -> {
            String unknownBroker = registry.registerTopic(topic, route.queueDatas());
            return unknownBroker == null ? success(request) : request.response(ResponseCode.SYSTEM_ERROR,
                "register topic " + topic + " refused: broker " + unknownBroker
                    + " has not registered with this name server");
        }));
    }

    private RemotingCommand memberGroup(RemotingCommand request) throws BadRequest {
        GetBrokerMemberGroupRequestHeader header = header(request, GetBrokerMemberGroupRequestHeader.class);
        return success(request, null, GetBrokerMemberGroupResponseBody.CODEC.encode(
            new GetBrokerMemberGroupResponseBody(registry.memberGroup(header.clusterName(), header.brokerName()))));
    }
}
