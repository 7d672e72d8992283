package dev.petrel.broker.auth;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestInterceptor;
import java.util.List;
import java.util.Set;

/**
 * The broker's ACL 2.0 check, run by remoting before every processor (security.md §3.2): authentication, then
 * authorization, each only when enabled and the request code is not on its whitelist. A refusal answers
 * NO_PERMISSION (16) with RocketMQ's remark, is counted and logged by {@link AuthFailures}, and the processor never
 * runs. Installed only when at least one of the two is enabled, so a broker without ACL pays nothing.
 *
 * <p>Threads: the processor threads of every pool; everything it reads is immutable or published by
 * {@link AuthMetadata}.
 */
public final class AuthInterceptor implements RequestInterceptor {

    static final String AUTHENTICATION_FAILED = "Authentication failed. Please verify the credentials and try again.";
    static final String AUTHORIZATION_FAILED = "Authorization failed. Please verify your access rights and try again.";

    private final boolean authentication;
    private final boolean authorization;
    private final Set<Integer> authenticationWhitelist;
    private final Set<Integer> authorizationWhitelist;
    private final Authenticator authenticator;
    private final Authorizer authorizer;
    private final AccessNeeds needs;
    private final AuthFailures failures;

    AuthInterceptor(boolean authentication, boolean authorization, Set<Integer> authenticationWhitelist,
                    Set<Integer> authorizationWhitelist, AuthMetadata metadata, String clusterName, AuthFailures failures) {
        this.authentication = authentication;
        this.authorization = authorization;
        this.authenticationWhitelist = Set.copyOf(authenticationWhitelist);
        this.authorizationWhitelist = Set.copyOf(authorizationWhitelist);
        this.authenticator = new Authenticator(metadata);
        this.authorizer = new Authorizer(metadata);
        this.needs = new AccessNeeds(clusterName);
        this.failures = failures;
    }

    @Override
    public RemotingCommand check(RequestContext context, RemotingCommand request) {
        int code = request.code();
        String sourceIp = null;
        if (authentication && !authenticationWhitelist.contains(code)) {
            Authenticator.Outcome outcome;
            try {
                outcome = authenticator.authenticate(request);
            } catch (RuntimeException e) {
                outcome = Authenticator.Outcome.refused(AuthFailures.Reason.BAD_REQUEST, AUTHENTICATION_FAILED);
            }
            if (!outcome.ok()) {
                sourceIp = sourceIp(context.remoteAddress());
                return refuse(request, outcome.reason(), sourceIp, outcome.remark());
            }
        }
        if (authorization && !authorizationWhitelist.contains(code)) {
            sourceIp = sourceIp == null ? sourceIp(context.remoteAddress()) : sourceIp;
            String remark;
            try {
                List<AccessNeeds.Need> needed = needs.of(request);
                remark = authorizer.check(request.extField(RequestSignature.ACCESS_KEY), needed, sourceIp,
                    needed.isEmpty() ? null : SourceIp.literal(sourceIp));
            } catch (RuntimeException e) {
                remark = AUTHORIZATION_FAILED;
            }
            if (remark != null) {
                return refuse(request, AuthFailures.Reason.NOT_AUTHORIZED, sourceIp, remark);
            }
        }
        return null;
    }

    private RemotingCommand refuse(RemotingCommand request, AuthFailures.Reason reason, String sourceIp, String remark) {
        failures.record(reason, sourceIp, request.code(), request.extField(RequestSignature.ACCESS_KEY), remark);
        return request.response(ResponseCode.NO_PERMISSION, remark);
    }

    /** {@code host:port} or {@code [v6]:port} to the bare address, as RocketMQ strips the last {@code :port}. */
    static String sourceIp(String remoteAddress) {
        if (remoteAddress == null) {
            return "";
        }
        int colon = remoteAddress.lastIndexOf(':');
        String host = colon < 0 ? remoteAddress : remoteAddress.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int scope = host.indexOf('%');
        return scope < 0 ? host : host.substring(0, scope);
    }
}
