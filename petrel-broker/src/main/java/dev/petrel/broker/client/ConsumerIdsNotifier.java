package dev.petrel.broker.client;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.NotifyConsumerIdsChangedRequestHeader;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.RemotingException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Sends NOTIFY_CONSUMER_IDS_CHANGED (oneway) to every member of a consumer group whose membership or subscriptions
 * changed, so they rebalance at once instead of on their 20 s timer (Apache's {@code Broker2Client}, real-time mode).
 *
 * <p>Runs on the thread that changed the group (heartbeat, unregister, connection event, expiry scan); each send
 * only queues a frame, waiting at most {@link #ONEWAY_TIMEOUT_MILLIS} for a oneway permit.
 */
public final class ConsumerIdsNotifier implements ConsumerRegistry.MembershipListener {

    private static final Logger LOG = LoggerFactory.getLogger(ConsumerIdsNotifier.class);
    /** Apache waits 10 ms for a oneway permit. */
    static final long ONEWAY_TIMEOUT_MILLIS = 10;
    private static final RecordHeaderCodec<NotifyConsumerIdsChangedRequestHeader> CODEC =
        RecordHeaderCodec.of(NotifyConsumerIdsChangedRequestHeader.class);

    private final BooleanSupplier enabled;
    private final String brokerName;

    /** @param enabled reads {@code notifyConsumerIdsChangedEnable} (dynamic) */
    public ConsumerIdsNotifier(BooleanSupplier enabled, String brokerName) {
        this.enabled = enabled;
        this.brokerName = brokerName;
    }

    @Override
    public void membersChanged(String group, List<Connection> members) {
        if (!enabled.getAsBoolean()) {
            return;
        }
        RemotingCommand request = RemotingCommand.request(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED,
            CODEC.encode(new NotifyConsumerIdsChangedRequestHeader(group, RpcFields.toBroker(brokerName))), null);
        for (Connection c : members) {
            if (!c.isActive()) {
                continue;
            }
            try {
                c.invokeOneway(request, ONEWAY_TIMEOUT_MILLIS);
            } catch (RemotingException e) {
                LOG.warn("could not tell consumer {} that group {} changed: {}", c.remoteAddress(), group, e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
