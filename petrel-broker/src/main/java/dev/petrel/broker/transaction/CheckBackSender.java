package dev.petrel.broker.transaction;

import dev.petrel.broker.client.ClientSession;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.remoting.RemotingException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends CHECK_TRANSACTION_STATE (oneway) to one live producer of a group, as registered by heartbeats: successive
 * checks rotate over the members, and a member whose connection is gone or refuses the frame is passed over for the
 * next, so a producer that died does not strand its group's half messages.
 *
 * <p>Called on the check loop's thread only.
 */
final class CheckBackSender {

    private static final Logger LOG = LoggerFactory.getLogger(CheckBackSender.class);
    private static final RecordHeaderCodec<CheckTransactionStateRequestHeader> CODEC =
        RecordHeaderCodec.of(CheckTransactionStateRequestHeader.class);
    /** Apache's check requests wait 10 ms for a oneway permit, like other broker-to-client notifications. */
    static final long ONEWAY_TIMEOUT_MILLIS = 10;


    private final ProducerRegistry producers;
    private final AtomicInteger next = new AtomicInteger();

    CheckBackSender(ProducerRegistry producers) {
        this.producers = producers;
    }

    /** The client id the check went to, or null when no member of the group could take it. */
    String send(String group, CheckTransactionStateRequestHeader header, byte[] body) throws InterruptedException {
        List<ClientSession> members = producers.members(group);
        if (members.isEmpty()) {
            return null;
        }
        RemotingCommand request = RemotingCommand.request(RequestCode.CHECK_TRANSACTION_STATE, CODEC.encode(header), body);
        int start = Math.floorMod(next.getAndIncrement(), members.size());
        for (int i = 0; i < members.size(); i++) {
            ClientSession s = members.get((start + i) % members.size());
            if (!s.connection().isActive()) {
                continue;
            }
            try {
                s.connection().invokeOneway(request, ONEWAY_TIMEOUT_MILLIS);
                return s.clientId();
            } catch (RemotingException e) {
                LOG.warn("could not send a transaction check to producer {} of group {}: {}; trying another", s, group,
                    e.getMessage());
            }
        }
        return null;
    }
}
