package dev.petrel.broker.processor;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.protocol.header.client.QueryMessageResponseHeader;
import dev.petrel.protocol.header.client.ViewMessageRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.remoting.ZeroCopyBody;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoredRecord;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * QUERY_MESSAGE (12, by key or unique key through the index) and VIEW_MESSAGE_BY_ID (33, by CommitLog offset)
 * (request-codes.md §4.3, flows.md §13). The records are written straight from the mapped CommitLog. The index may
 * return hash collisions; clients re-filter, as with Apache. Runs on the query threads.
 */
public final class QueryMessageProcessor implements RequestProcessor {

    private static final RecordHeaderCodec<QueryMessageRequestHeader> QUERY = RecordHeaderCodec.of(QueryMessageRequestHeader.class);
    private static final RecordHeaderCodec<QueryMessageResponseHeader> QUERY_RESPONSE =
        RecordHeaderCodec.of(QueryMessageResponseHeader.class);
    private static final RecordHeaderCodec<ViewMessageRequestHeader> VIEW = RecordHeaderCodec.of(ViewMessageRequestHeader.class);

    private final MessageStore store;
    private final Clock clock;
    private final IntSupplier defaultQueryMaxNum;

    /** @param defaultQueryMaxNum reads {@code defaultQueryMaxNum} (dynamic), the limit of unique-key queries */
    public QueryMessageProcessor(MessageStore store, Clock clock, IntSupplier defaultQueryMaxNum) {
        this.store = store;
        this.clock = clock;
        this.defaultQueryMaxNum = defaultQueryMaxNum;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        return switch (request.code()) {
            case RequestCode.QUERY_MESSAGE -> query(ctx, request);
            case RequestCode.VIEW_MESSAGE_BY_ID -> view(ctx, request);
            default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a message query");
        };
    }

    private RemotingCommand query(RequestContext ctx, RemotingCommand request) {
        Decoded<QueryMessageRequestHeader> d = QUERY.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        QueryMessageRequestHeader h = d.value();
        int maxNum = Boolean.TRUE.equals(h.uniqueKeyQuery()) ? defaultQueryMaxNum.getAsInt() : Math.max(1, h.maxNum());
        List<StoredRecord> records = store.queryMessage(h.topic(), h.key(), maxNum, h.beginTimestamp(), h.endTimestamp());
        if (records.isEmpty()) {
            return request.response(ResponseCode.QUERY_NOT_FOUND, "can not find message, maybe time range not correct");
        }
        QueryMessageResponseHeader header = new QueryMessageResponseHeader(clock.millis(), store.dispatchedOffset());
        RemotingCommand response = request.newResponse(ResponseCode.SUCCESS)
            .extFields(QUERY_RESPONSE.encode(header)).build();
        List<ByteBuffer> buffers = new ArrayList<>(records.size());
        records.forEach(r -> buffers.add(r.buffer()));
        ctx.respond(response, ZeroCopyBody.of(buffers, () -> records.forEach(StoredRecord::release)));
        return null;
    }

    private RemotingCommand view(RequestContext ctx, RemotingCommand request) {
        Decoded<ViewMessageRequestHeader> d = VIEW.decode(request.extFields());
        if (!d.isOk()) {
            return Replies.badHeader(request, d);
        }
        long offset = d.value().offset();
        StoredRecord record = offset < 0 ? null : store.lookMessageByOffset(offset);
        if (record == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "can not find message by the offset, " + offset);
        }
        ctx.respond(request.newResponse(ResponseCode.SUCCESS).build(), ZeroCopyBody.of(record.buffer(), record::release));
        return null;
    }
}
