package dev.petrel.broker.auth;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestInterceptor;

/**
 * ACL 1.0 ({@code aclEnable=true}) in front of the ACL 2.0 check, in RocketMQ's order (security.md §3.2): the 1.0
 * verdict is taken first and remembered, the 2.0 check (when on) runs anyway, and a 2.0 refusal (NO_PERMISSION) wins;
 * otherwise a 1.0 refusal answers SYSTEM_ERROR (1) with RocketMQ's {@code AclException} text. A request must pass
 * both when both are on. Counted and logged by {@link AuthFailures} like 2.0's refusals. Any processor thread.
 */
final class PlainAclInterceptor implements RequestInterceptor {

    private final PlainAclChecker checker;
    private final RequestInterceptor next;
    private final AuthFailures failures;

    /** @param next the ACL 2.0 check, or null when neither authentication nor authorization is on */
    PlainAclInterceptor(PlainAclChecker checker, RequestInterceptor next, AuthFailures failures) {
        this.checker = checker;
        this.next = next;
        this.failures = failures;
    }

    @Override
    public RemotingCommand check(RequestContext context, RemotingCommand request) throws Exception {
        String sourceIp = AuthInterceptor.sourceIp(context.remoteAddress());
        PlainAclChecker.Refusal refusal;
        try {
            refusal = checker.check(request, sourceIp);
        } catch (RuntimeException e) {
            refusal = new PlainAclChecker.Refusal(AuthFailures.Reason.BAD_REQUEST, "the request cannot be checked");
        }
        RemotingCommand second = next == null ? null : next.check(context, request);
        if (second != null) {
            return second;
        }
        if (refusal == null) {
            return null;
        }
        failures.record(refusal.reason(), sourceIp, request.code(), request.extField(RequestSignature.ACCESS_KEY),
            refusal.message());
        return request.response(ResponseCode.SYSTEM_ERROR, refusal.remark());
    }
}
