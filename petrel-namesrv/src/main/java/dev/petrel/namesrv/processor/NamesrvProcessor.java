package dev.petrel.namesrv.processor;

import dev.petrel.namesrv.NamesrvWriterLoop;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the NameServer's processors share: typed header decoding that turns a bad header into Apache's SYSTEM_ERROR
 * answer, and answering from a future (changes run on the writer thread, and the processor thread does not wait).
 */
abstract class NamesrvProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(NamesrvProcessor.class);

    /** A request that cannot be served as sent; its code and remark become the answer. */
    static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        BadRequest(int code, String remark) {
            super(remark, null, false, false);
            this.code = code;
        }
    }

    @Override
    public final RemotingCommand process(RequestContext context, RemotingCommand request) throws Exception {
        try {
            return handle(context, request);
        } catch (BadRequest e) {
            LOG.warn("refused request {} from {}: {}", request.code(), context.remoteAddress(), e.getMessage());
            return request.response(e.code, e.getMessage());
        }
    }

    /** Serves one request: returns the answer, or null when it will be given later through the context. */
    abstract RemotingCommand handle(RequestContext context, RemotingCommand request) throws Exception;

    /** The request's typed header; a missing required field is Apache's SYSTEM_ERROR "the custom field X is null". */
    static <T extends Record> T header(RemotingCommand request, Class<T> type) throws BadRequest {
        Decoded<T> decoded = RecordHeaderCodec.of(type).decode(request.extFields());
        if (!decoded.isOk()) {
            throw new BadRequest(decoded.responseCode(), decoded.errorMessage());
        }
        return decoded.value();
    }

    /** A success answer carrying a typed response header and an optional body. */
    @SuppressWarnings("unchecked")
    static <T extends Record> RemotingCommand success(RemotingCommand request, T header, byte[] body) {
        RemotingCommand.Builder b = request.newResponse(ResponseCode.SUCCESS).body(body);
        if (header != null) {
            b.extFields(RecordHeaderCodec.of((Class<T>) header.getClass()).encode(header));
        }
        return b.build();
    }

    static RemotingCommand success(RemotingCommand request) {
        return request.response(ResponseCode.SUCCESS, null);
    }

    /**
     * Answers with what {@code work} eventually produces; returns null, the processor's "answered later". An
     * exception from the work becomes SYSTEM_ERROR with its message; a refused submission (the writer's queue is full)
     * is answered at once with SYSTEM_BUSY.
     */
    static RemotingCommand later(RequestContext context, RemotingCommand request,
                                 Supplier<CompletableFuture<RemotingCommand>> work) {
        CompletableFuture<RemotingCommand> future;
        try {
            future = work.get();
        } catch (NamesrvWriterLoop.QueueFullException busy) {
            return request.response(ResponseCode.SYSTEM_BUSY, busy.getMessage());
        }
        future.whenComplete((response, error) -> {
            if (error != null) {
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                LOG.error("request {} from {} failed", request.code(), context.remoteAddress(), cause);
                context.respond(request.response(ResponseCode.SYSTEM_ERROR, String.valueOf(cause.getMessage())));
            } else {
                context.respond(response);
            }
        });
        return null;
    }
}
