package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.NamesrvWriterLoop;
import dev.petrel.namesrv.route.RouteRegistry;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader;
import dev.petrel.remoting.RequestContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Route changes an administrator asks for: DELETE_TOPIC_IN_NAMESRV (216), WIPE_WRITE_PERM_OF_BROKER (205) and
 * ADD_WRITE_PERM_OF_BROKER (327). They change the NameServer's view only; a broker's next registration with a new
 * DataVersion replaces it.
 */
public final class TopicAdminProcessor extends NamesrvProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(TopicAdminProcessor.class);

    private final RouteRegistry registry;
    private final NamesrvWriterLoop writer;

    public TopicAdminProcessor(RouteRegistry registry, NamesrvWriterLoop writer) {
        this.registry = registry;
        this.writer = writer;
    }

    @Override
    RemotingCommand handle(RequestContext context, RemotingCommand request) throws BadRequest {
        String from = context.remoteAddress();
        return switch (request.code()) {
            case RequestCode.DELETE_TOPIC_IN_NAMESRV -> {
                DeleteTopicFromNamesrvRequestHeader header = header(request, DeleteTopicFromNamesrvRequestHeader.class);
                String cluster = header.clusterName();
                yield later(context, request, () -> writer.submit(() -> {
                    if (cluster == null || cluster.isEmpty()) {
                        registry.deleteTopic(header.topic());
                    } else {
                        registry.deleteTopic(header.topic(), cluster);
                    }
                    LOG.info("topic {} deleted from the routes{} at the request of {}", header.topic(),
                        cluster == null || cluster.isEmpty() ? "" : " of cluster " + cluster, from);
                    return success(request);
                }));
            }
            case RequestCode.WIPE_WRITE_PERM_OF_BROKER -> {
                String broker = header(request, WipeWritePermOfBrokerRequestHeader.class).brokerName();
                yield later(context, request, () -> writer.submit(() -> {
                    int count = registry.wipeWritePerm(broker);
                    LOG.info("write permission of broker {} wiped on {} topics at the request of {}", broker, count, from);
                    return success(request, new WipeWritePermOfBrokerResponseHeader(count), null);
                }));
            }
            case RequestCode.ADD_WRITE_PERM_OF_BROKER -> {
                String broker = header(request, AddWritePermOfBrokerRequestHeader.class).brokerName();
                yield later(context, request, () -> writer.submit(() -> {
                    int count = registry.addWritePerm(broker);
                    LOG.info("write permission of broker {} restored on {} topics at the request of {}", broker, count,
                        from);
                    return success(request, new AddWritePermOfBrokerResponseHeader(count), null);
                }));
            }
            default -> throw new IllegalArgumentException("not a topic admin request: " + request.code());
        };
    }
}
