package dev.petrel.broker.auth;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * ACL 1.0's check of one request against the accounts of the plain_acl.yml files, in RocketMQ's order
 * (security.md §2.5): a client from a global white address passes; else the access key must name an account; a
 * client from that account's white address passes without signature; else the signature must verify (constant
 * time), a PUB to the trace topic passes, an admin account passes, an admin-only code is refused, and every
 * resource the request needs must be granted by its listed permission or, when not listed, the account's default.
 *
 * <p>Reads the current {@link Accounts} from {@code accounts} on every call (the file watcher replaces it); stateless
 * otherwise, any thread.
 */
final class PlainAclChecker {

    /** The merged content of every ACL file: global white patterns and accounts by access key. */
    record Accounts(List<RemoteAddressPattern> globalWhite, Map<String, PlainAccount> byAccessKey) {
        static final Accounts NONE = new Accounts(List.of(), Map.of());

        /** Merges files in order; an access key defined twice keeps its first definition (as RocketMQ). */
        static Accounts merge(List<PlainAclFile.Data> files, java.util.function.Consumer<String> repeated) {
            List<RemoteAddressPattern> white = new java.util.ArrayList<>();
            Map<String, PlainAccount> accounts = new LinkedHashMap<>();
            for (PlainAclFile.Data d : files) {
                white.addAll(d.globalWhiteRemoteAddresses());
                for (PlainAccount a : d.accounts()) {
                    if (accounts.putIfAbsent(a.accessKey(), a) != null) {
                        repeated.accept(a.accessKey());
                    }
                }
            }
            return new Accounts(List.copyOf(white), java.util.Collections.unmodifiableMap(accounts));
        }
    }

    /** Why a request is refused, and RocketMQ's message for it (the remark is {@link #remark}). */
    record Refusal(AuthFailures.Reason reason, String message) {
        /** The remark RocketMQ answers (its exception's text; 5.3.1 also appends its first stack frame). */
        String remark() {
            return "org.apache.rocketmq.acl.common.AclException: " + message;
        }
    }

    private final Supplier<Accounts> accounts;

    PlainAclChecker(Supplier<Accounts> accounts) {
        this.accounts = accounts;
    }

    /** @return null when allowed */
    Refusal check(RemotingCommand request, String sourceIp) {
        Map<String, Byte> needs;
        try {
            needs = PlainAccessNeeds.of(request);
        } catch (AuthException e) {
            return new Refusal(AuthFailures.Reason.BAD_REQUEST, e.getMessage());
        }
        Accounts now = accounts.get();
        for (RemoteAddressPattern p : now.globalWhite()) {
            if (p.matches(sourceIp)) {
                return null;
            }
        }
        String accessKey = request.extField(RequestSignature.ACCESS_KEY);
        if (accessKey == null) {
            return new Refusal(AuthFailures.Reason.NO_ACCESS_KEY, "No accessKey is configured");
        }
        PlainAccount account = now.byAccessKey().get(accessKey);
        if (account == null) {
            return new Refusal(AuthFailures.Reason.UNKNOWN_USER, "No acl config for " + AuthFailures.printable(accessKey));
        }
        if (account.whiteRemoteAddress().matches(sourceIp)) {
            return null;
        }
        if (!RequestSignature.verify(account.secretKey(), RequestSignature.content(request),
            request.extField(RequestSignature.SIGNATURE))) {
            return new Refusal(AuthFailures.Reason.BAD_SIGNATURE, "Check signature failed for accessKey=" + AuthFailures.printable(accessKey));
        }
        Byte trace = needs.get(PlainAccessNeeds.TRACE_TOPIC);
        if (trace != null && trace == PlainPermission.PUB) {
            return null;
        }
        if (account.admin()) {
            return null;
        }
        if (PlainAccessNeeds.ADMIN_CODES.contains(request.code())) {
            return new Refusal(AuthFailures.Reason.NOT_AUTHORIZED, "Need admin permission for request code="
                + request.code() + ", but accessKey=" + AuthFailures.printable(accessKey) + " is not");
        }
        for (Map.Entry<String, Byte> need : needs.entrySet()) {
            String resource = need.getKey();
            boolean group = PlainAccessNeeds.isGroup(resource);
            // One table in RocketMQ, groups written first: a topicPerms item wins over a groupPerms one.
            Byte owned = account.topicPerms().containsKey(resource) ? account.topicPerms().get(resource)
                : account.groupPerms().get(resource);
            if (owned == null) {
                if (!PlainPermission.allows(need.getValue(), group ? account.defaultGroupPerm() : account.defaultTopicPerm())) {
                    return new Refusal(AuthFailures.Reason.NOT_AUTHORIZED,
                        "No default permission for " + PlainAccessNeeds.describe(resource));
                }
            } else if (!PlainPermission.allows(need.getValue(), owned)) {
                return new Refusal(AuthFailures.Reason.NOT_AUTHORIZED, "No permission for " + PlainAccessNeeds.describe(resource));
            }
        }
        return null;
    }
}
