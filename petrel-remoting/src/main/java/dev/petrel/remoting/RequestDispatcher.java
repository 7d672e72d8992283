package dev.petrel.remoting;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;

/**
 * Routes each received request to its processor's executor, and answers what never reaches a processor: unknown
 * codes (REQUEST_CODE_NOT_SUPPORTED), declined or overflowing work (SYSTEM_BUSY) and processor exceptions
 * (SYSTEM_ERROR), and runs the endpoint's {@link RequestInterceptor} before each processor. {@link #dispatch} runs on I/O threads and never blocks; processors run on their executors.
 */
final class RequestDispatcher {

    static final String REJECT_REMARK = "[REJECTREQUEST]system busy, start flow control for a while";
    private static final int MAX_ERROR_REMARK = 512;

    private final ProcessorTable table;
    private final EndpointContext endpoint;

    RequestDispatcher(ProcessorTable table, EndpointContext endpoint) {
        this.table = table;
        this.endpoint = endpoint;
    }

    void dispatch(NettyConnection connection, RemotingCommand request) {
        ProcessorTable.Entry entry = table.lookup(request.code());
        if (entry == null) {
            endpoint.metrics.unsupportedRequests.increment();
            answerDirectly(connection, request, ResponseCode.REQUEST_CODE_NOT_SUPPORTED, notSupportedRemark(request.code()));
            return;
        }
        if (entry.processor().rejectRequest()) {
            endpoint.metrics.busyRejections.increment();
            answerDirectly(connection, request, ResponseCode.SYSTEM_BUSY, REJECT_REMARK);
            return;
        }
        DefaultRequestContext context = new DefaultRequestContext(connection, request, endpoint.clock.nanos());
        if (!entry.executor().tryExecute(() -> run(entry.processor(), context), context.receivedNanos())) {
            endpoint.metrics.busyRejections.increment();
            answerDirectly(connection, request, ResponseCode.SYSTEM_BUSY, entry.executor().overloadRemark());
        }
    }

    /** Apache's text (leading space included), with the code's name when Petrel knows it. */
    static String notSupportedRemark(int code) {
        String name = RequestCode.name(code);
        return " request type " + code + (name.startsWith("UNKNOWN") ? "" : " (" + name + ")") + " not supported";
    }

    private void run(RequestProcessor processor, DefaultRequestContext context) {
        RemotingCommand request = context.request();
        RemotingCommand response;
        try {
            RequestInterceptor interceptor = table.interceptor();
            RemotingCommand refusal = interceptor == null ? null : interceptor.check(context, request);
            response = refusal != null ? refusal : processor.process(context, request);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            endpoint.metrics.processorErrors.increment();
            endpoint.errorLog.record("processor for " + EndpointContext.describe(request.code()) + " from "
                + context.remoteAddress() + " failed; answered SYSTEM_ERROR", e);
            response = request.response(ResponseCode.SYSTEM_ERROR, errorRemark(e));
        }
        if (response != null) {
            context.respond(response);
        }
    }

    static String errorRemark(Exception e) {
        String text = e.toString();
        return text.length() <= MAX_ERROR_REMARK ? text : text.substring(0, MAX_ERROR_REMARK) + "...";
    }

    private static void answerDirectly(NettyConnection connection, RemotingCommand request, int code, String remark) {
        if (!request.isOneway()) {
            connection.writeResponse(request.response(code, remark));
        }
    }
}
