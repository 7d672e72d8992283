package dev.petrel.broker.transaction;

import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.EndTransactionRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * END_TRANSACTION (37), oneway from the 5.3.1 client: the producer's decision about a half message, after its local
 * transaction or when answering a check-back. The half record is found by {@code commitLogOffset} and must be a half
 * message of the header's producer group at queue offset {@code tranStateTableOffset}. Commit (8) stores the real
 * message (visible to consumers from then on) and then an op record; rollback (12) stores only the op record; unknown
 * (0) changes nothing, the check-back will ask again. A decision for a half message already decided is ignored, so a
 * late answer to a check never stores the message twice.
 *
 * <p>Runs on the send threads; answers (when the request is not oneway) from the thread completing the store's put.
 */
public final class EndTransactionProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(EndTransactionProcessor.class);
    private static final RecordHeaderCodec<EndTransactionRequestHeader> CODEC =
        RecordHeaderCodec.of(EndTransactionRequestHeader.class);

    private final Clock clock;
    private final MessageStore store;
    private final HalfQueueState state;
    private final Host brokerHost;
    private final TransactionOutcomes outcomes;
    private final MessageRecordDecoder decoder = new MessageRecordDecoder(false, MessageRecordDecoder.DEFAULT_MAX_BODY_SIZE);

    EndTransactionProcessor(Clock clock, MessageStore store, HalfQueueState state, Host brokerHost,
                            TransactionOutcomes outcomes) {
        this.clock = clock;
        this.store = store;
        this.state = state;
        this.brokerHost = brokerHost;
        this.outcomes = outcomes;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<EndTransactionRequestHeader> decoded = CODEC.decode(request.extFields());
        if (!decoded.isOk()) {
            return request.response(decoded.responseCode(), decoded.errorMessage());
        }
        EndTransactionRequestHeader h = decoded.value();
        int type = h.commitOrRollback();
        if (type == SysFlag.TRANSACTION_NOT_TYPE) {
            LOG.debug("producer {} of group {} does not know yet about transaction {}", ctx.remoteAddress(),
                h.producerGroup(), h.msgId());
            return request.response(ResponseCode.SUCCESS, null);
        }
        if (type != SysFlag.TRANSACTION_COMMIT_TYPE && type != SysFlag.TRANSACTION_ROLLBACK_TYPE) {
            return request.response(ResponseCode.SYSTEM_ERROR, "commitOrRollback must be 8 (commit), 12 (rollback) or "
                + "0 (unknown), got " + type);
        }
        DecodedMessage half = readHalf(h.commitLogOffset());
        String problem = half == null ? "Find prepared transaction message failed: no half message at CommitLog "
            + "offset " + h.commitLogOffset() : mismatch(half, h);
        if (problem != null) {
            LOG.warn("END_TRANSACTION from {} refused: {}", ctx.remoteAddress(), problem);
            return request.response(ResponseCode.SYSTEM_ERROR, problem);
        }
        long halfOffset = half.queueOffset();
        if (!state.reserve(halfOffset)) {
            LOG.debug("transaction {} (half offset {}) was already decided; ignoring the repeated decision", h.msgId(),
                halfOffset);
            return request.response(ResponseCode.SUCCESS, null);
        }
        CompletableFuture<PutResult> written = type == SysFlag.TRANSACTION_COMMIT_TYPE
            ? store.putMessage(TransactionMessages.commit(half, brokerHost)).thenCompose(r -> r.isOk()
                ? writeOp(halfOffset) : CompletableFuture.completedFuture(r))
            : writeOp(halfOffset);
        written.whenComplete((result, failure) -> {
            if (failure != null || !result.isOk()) {
                state.release(halfOffset);
                String why = failure != null ? failure.toString() : result.toString();
                LOG.error("could not store the {} of transaction {}: {}", type == SysFlag.TRANSACTION_COMMIT_TYPE
                    ? "commit" : "rollback", h.msgId(), why);
                ctx.respond(request.response(ResponseCode.SYSTEM_ERROR, "could not store the decision: " + why));
                return;
            }
            state.confirm(halfOffset);
            outcomes.record(half.property(PropertyNames.REAL_TOPIC), type == SysFlag.TRANSACTION_COMMIT_TYPE,
                clock.millis() - half.bornTimestamp());
            ctx.respond(request.response(ResponseCode.SUCCESS, null));
        });
        return null;
    }

    private CompletableFuture<PutResult> writeOp(long halfOffset) {
        return store.putMessage(TransactionMessages.op(halfOffset, brokerHost, clock.millis()));
    }

    private DecodedMessage readHalf(long commitLogOffset) {
        if (commitLogOffset < 0) {
            return null;
        }
        StoredRecord rec = store.lookMessageByOffset(commitLogOffset);
        if (rec == null) {
            return null;
        }
        try {
            return decoder.decode(ByteBuffer.wrap(rec.toByteArray()), 0);
        } catch (MessageFormatException e) {
            return null;
        } finally {
            rec.release();
        }
    }

    /** Why the record is not the half message the header names, or null. */
    static String mismatch(DecodedMessage half, EndTransactionRequestHeader h) {
        if (!SystemTopics.TRANS_HALF.equals(half.topic()) || half.property(PropertyNames.REAL_TOPIC) == null) {
            return "the record at CommitLog offset " + h.commitLogOffset() + " is not a half message (topic "
                + half.topic() + ")";
        }
        String group = half.property(PropertyNames.PRODUCER_GROUP);
        if (!h.producerGroup().equals(group)) {
            return "The producer group wrong: the half message belongs to group " + group + ", the request names "
                + h.producerGroup();
        }
        if (half.queueOffset() != h.tranStateTableOffset()) {
            return "The transaction state table offset wrong: the half message is at queue offset " + half.queueOffset()
                + ", the request names " + h.tranStateTableOffset();
        }
        if (half.physicalOffset() != h.commitLogOffset()) {
            return "The commit log offset wrong";
        }
        return null;
    }
}
