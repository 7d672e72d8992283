package dev.petrel.broker.lock;

import dev.petrel.broker.processor.Replies;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.LockBatchResponseBody;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * LOCK_BATCH_MQ (41) and UNLOCK_BATCH_MQ (42), request-codes.md §4.10: the body names the client, the group and the
 * queues; LOCK answers the queues the client holds now ({@code lockOKMQSet}), UNLOCK answers SUCCESS. A single broker
 * has no replicas to ask, so {@code lockInStrictMode} and {@code onlyThisBroker} change nothing here. Runs on the
 * admin threads, as in Apache.
 */
public final class QueueLockProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(QueueLockProcessor.class);

    private final QueueLockTable locks;

    public QueueLockProcessor(QueueLockTable locks) {
        this.locks = locks;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        try {
            return switch (request.code()) {
                case RequestCode.LOCK_BATCH_MQ -> lock(ctx, request);
                case RequestCode.UNLOCK_BATCH_MQ -> unlock(ctx, request);
                default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a queue-lock request");
            };
        } catch (MalformedBodyException e) {
            return request.response(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
    }

    private RemotingCommand lock(RequestContext ctx, RemotingCommand request) {
        LockBatchRequestBody body = LockBatchRequestBody.CODEC.decode(request.body());
        String missing = missing(body.clientId(), body.consumerGroup());
        if (missing != null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "LOCK_BATCH_MQ body " + missing);
        }
        Set<MessageQueue> won = locks.lock(body.consumerGroup(), body.clientId(), body.mqSet());
        if (won.size() < body.mqSet().size()) {
            LOG.debug("group {}: client {} ({}) got {} of {} queue locks", body.consumerGroup(), body.clientId(),
                ctx.remoteAddress(), won.size(), body.mqSet().size());
        }
        return Replies.okJson(request, LockBatchResponseBody.CODEC, new LockBatchResponseBody(won));
    }

    private RemotingCommand unlock(RequestContext ctx, RemotingCommand request) {
        UnlockBatchRequestBody body = UnlockBatchRequestBody.CODEC.decode(request.body());
        String missing = missing(body.clientId(), body.consumerGroup());
        if (missing != null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "UNLOCK_BATCH_MQ body " + missing);
        }
        locks.unlock(body.consumerGroup(), body.clientId(), body.mqSet());
        return Replies.ok(request);
    }

    private static String missing(String clientId, String group) {
        if (clientId == null || clientId.isEmpty()) {
            return "has no clientId: the broker locks queues for a client id";
        }
        if (group == null || group.isEmpty()) {
            return "has no consumerGroup: locks are held per consumer group";
        }
        return null;
    }
}
