package dev.petrel.broker.processor;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.BoundaryType;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeRequestHeader;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeResponseHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetResponseHeader;
import dev.petrel.protocol.header.client.GetMinOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMinOffsetResponseHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetResponseHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29), GET_MAX_OFFSET (30), GET_MIN_OFFSET (31), GET_EARLIEST_MSG_STORETIME (32)
 * (request-codes.md §4.7): answered from the store; unknown topics and queues give the store's 0 / -1, never an
 * error, as in Apache. Runs on the admin threads.
 */
public final class OffsetQueryProcessor implements RequestProcessor {

    private static final RecordHeaderCodec<SearchOffsetRequestHeader> SEARCH = RecordHeaderCodec.of(SearchOffsetRequestHeader.class);
    private static final RecordHeaderCodec<SearchOffsetResponseHeader> SEARCH_RESPONSE =
        RecordHeaderCodec.of(SearchOffsetResponseHeader.class);
    private static final RecordHeaderCodec<GetMaxOffsetRequestHeader> MAX = RecordHeaderCodec.of(GetMaxOffsetRequestHeader.class);
    private static final RecordHeaderCodec<GetMaxOffsetResponseHeader> MAX_RESPONSE =
        RecordHeaderCodec.of(GetMaxOffsetResponseHeader.class);
    private static final RecordHeaderCodec<GetMinOffsetRequestHeader> MIN = RecordHeaderCodec.of(GetMinOffsetRequestHeader.class);
    private static final RecordHeaderCodec<GetMinOffsetResponseHeader> MIN_RESPONSE =
        RecordHeaderCodec.of(GetMinOffsetResponseHeader.class);
    private static final RecordHeaderCodec<GetEarliestMsgStoretimeRequestHeader> EARLIEST =
        RecordHeaderCodec.of(GetEarliestMsgStoretimeRequestHeader.class);
    private static final RecordHeaderCodec<GetEarliestMsgStoretimeResponseHeader> EARLIEST_RESPONSE =
        RecordHeaderCodec.of(GetEarliestMsgStoretimeResponseHeader.class);

    private final MessageStore store;

    public OffsetQueryProcessor(MessageStore store) {
        this.store = store;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        switch (request.code()) {
            case RequestCode.SEARCH_OFFSET_BY_TIMESTAMP -> {
                Decoded<SearchOffsetRequestHeader> d = SEARCH.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                SearchOffsetRequestHeader h = d.value();
                dev.petrel.store.BoundaryType boundary = h.boundaryType() == BoundaryType.UPPER
                    ? dev.petrel.store.BoundaryType.UPPER : dev.petrel.store.BoundaryType.LOWER;
                long offset = store.offsetInQueueByTime(h.topic(), h.queueId(), h.timestamp(), boundary);
                return Replies.ok(request, SEARCH_RESPONSE, new SearchOffsetResponseHeader(offset));
            }
            case RequestCode.GET_MAX_OFFSET -> {
                Decoded<GetMaxOffsetRequestHeader> d = MAX.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                long offset = store.maxOffsetInQueue(d.value().topic(), d.value().queueId());
                return Replies.ok(request, MAX_RESPONSE, new GetMaxOffsetResponseHeader(offset));
            }
            case RequestCode.GET_MIN_OFFSET -> {
                Decoded<GetMinOffsetRequestHeader> d = MIN.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                long offset = store.minOffsetInQueue(d.value().topic(), d.value().queueId());
                return Replies.ok(request, MIN_RESPONSE, new GetMinOffsetResponseHeader(offset));
            }
            case RequestCode.GET_EARLIEST_MSG_STORETIME -> {
                Decoded<GetEarliestMsgStoretimeRequestHeader> d = EARLIEST.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                long time = store.earliestMessageTime(d.value().topic(), d.value().queueId());
                return Replies.ok(request, EARLIEST_RESPONSE, new GetEarliestMsgStoretimeResponseHeader(time));
            }
            default -> {
                return request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not an offset query");
            }
        }
    }
}
