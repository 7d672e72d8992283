package dev.petrel.broker.auth;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.frame.RemotingCommand;

/**
 * Checks a request's signature against the broker's users (security.md §3.3), in RocketMQ's order: an access key
 * must be there, name an existing and enabled user, and the signature must be the HmacSHA1 of the request's content
 * under that user's password (compared in constant time). Stateless apart from reading {@link AuthMetadata}.
 */
final class Authenticator {

    /** The outcome: the user, or why not and the remark to answer. */
    record Outcome(AuthUser user, AuthFailures.Reason reason, String remark) {
        boolean ok() {
            return reason == null;
        }

        static Outcome refused(AuthFailures.Reason reason, String remark) {
            return new Outcome(null, reason, remark);
        }
    }

    private final AuthMetadata metadata;

    Authenticator(AuthMetadata metadata) {
        this.metadata = metadata;
    }

    Outcome authenticate(RemotingCommand request) {
        String accessKey = request.extField(RequestSignature.ACCESS_KEY);
        if (accessKey == null || accessKey.isEmpty()) {
            return Outcome.refused(AuthFailures.Reason.NO_ACCESS_KEY, "username cannot be null.");
        }
        AuthUser user = metadata.user(accessKey);
        if (user == null) {
            return Outcome.refused(AuthFailures.Reason.UNKNOWN_USER,
                "User:" + AuthFailures.printable(accessKey) + " is not found.");
        }
        if (!user.isEnabled()) {
            return Outcome.refused(AuthFailures.Reason.DISABLED_USER, "User:" + user.username() + " is disabled.");
        }
        String signature = request.extField(RequestSignature.SIGNATURE);
        if (!RequestSignature.verify(user.password(), RequestSignature.content(request), signature)) {
            return Outcome.refused(AuthFailures.Reason.BAD_SIGNATURE, "check signature failed.");
        }
        return new Outcome(user, null, null);
    }
}
