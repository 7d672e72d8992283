package dev.petrel.broker.auth;

import dev.petrel.common.json.JsonException;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;

/**
 * Converts between the wire and file JSON (RocketMQ's {@code UserInfo} and {@code AclInfo}) and the model, checking
 * everything: a peer's or a file's bad value becomes an {@link AuthException} whose message says what is wrong, never
 * a half-built user or ACL.
 *
 * <p>{@code config/auth.json} holds {@code {"acls":[AclInfo...],"users":[UserInfo...]}}: the same objects the admin
 * requests carry, so the file reads like a getUser / getAcl answer.
 */
public final class AuthCodec {

    /** Longest username or password accepted; RocketMQ has no limit, but a peer must not make us store megabytes. */
    static final int MAX_NAME = 256;
    /** Most entries in one ACL. */
    static final int MAX_ENTRIES = 4096;

    /** The file's shape. */
    public record AuthFile(List<UserInfo> users, List<AclInfo> acls) {
        public AuthFile {
            users = users == null ? List.of() : List.copyOf(users.stream().filter(u -> u != null).toList());
            acls = acls == null ? List.of() : List.copyOf(acls.stream().filter(a -> a != null).toList());
        }
    }

    private AuthCodec() {
    }

    /** Reads a UserInfo body; {@code username} (from the header) wins over the body's. */
    public static UserInfo decodeUserInfo(byte[] body) {
        if (body == null || body.length == 0) {
            throw new AuthException("The body of user is null");
        }
        try {
            return ProtocolJson.codec().decode(body, UserInfo.class);
        } catch (JsonException e) {
            throw new AuthException("The body of user is not a UserInfo JSON object: " + e.getMessage());
        }
    }

    /** Reads an AclInfo body. */
    public static AclInfo decodeAclInfo(byte[] body) {
        if (body == null || body.length == 0) {
            throw new AuthException("The body of acl is null");
        }
        try {
            return ProtocolJson.codec().decode(body, AclInfo.class);
        } catch (JsonException e) {
            throw new AuthException("The body of acl is not an AclInfo JSON object: " + e.getMessage());
        }
    }

    /** A new user from {@code info}: username and password required, type and status optional. */
    public static AuthUser user(String username, UserInfo info) {
        checkName("username", username);
        if (info.password() == null || info.password().isEmpty()) {
            throw new AuthException("The password of user " + AuthFailures.printable(username) + " is blank");
        }
        checkName("password", info.password());
        return new AuthUser(username, info.password(), type(info.userType()), status(info.userStatus()));
    }

    /** {@code old} with the fields {@code info} sets (blank fields keep their value). */
    public static AuthUser updated(AuthUser old, UserInfo info) {
        String password = info.password() == null || info.password().isEmpty() ? old.password() : info.password();
        checkName("password", password);
        UserType type = info.userType() == null || info.userType().isBlank() ? old.type() : type(info.userType());
        UserStatus status = info.userStatus() == null || info.userStatus().isBlank() ? old.status()
            : status(info.userStatus());
        return new AuthUser(old.username(), password, type, status);
    }

    public static UserInfo info(AuthUser user) {
        return new UserInfo(user.username(), user.password(), user.type().wireName(), user.status().wireName());
    }

    /** An ACL from {@code info}; {@code subject} is used when the body names none. */
    public static Acl acl(String subject, AclInfo info) {
        String s = info.subject() != null && !info.subject().isBlank() ? info.subject().trim() : subject;
        if (s == null || !s.startsWith(Acl.USER_PREFIX) || s.length() == Acl.USER_PREFIX.length()) {
            throw new AuthException("The subject " + AuthFailures.printable(s) + " is invalid; expected User:<username>.");
        }
        checkName("subject", s);
        if (info.policies() == null || info.policies().isEmpty()) {
            throw new AuthException("The body of acl is null");
        }
        EnumMap<PolicyType, List<PolicyEntry>> policies = new EnumMap<>(PolicyType.class);
        int count = 0;
        for (AclInfo.PolicyInfo p : info.policies()) {
            PolicyType type = p.policyType() == null || p.policyType().isBlank() ? PolicyType.CUSTOM
                : PolicyType.parse(p.policyType());
            if (type == null) {
                throw new AuthException("The policy type " + AuthFailures.printable(p.policyType()) + " is invalid.");
            }
            List<PolicyEntry> entries = policies.computeIfAbsent(type, t -> new ArrayList<>());
            for (AclInfo.PolicyEntryInfo e : p.entries() == null ? List.<AclInfo.PolicyEntryInfo>of() : p.entries()) {
                if (++count > MAX_ENTRIES) {
                    throw new AuthException("An ACL holds at most " + MAX_ENTRIES + " entries.");
                }
                PolicyEntry entry = entry(e);
                entries.removeIf(old -> old.resource().equals(entry.resource()));
                entries.add(entry);
            }
        }
        return new Acl(s, policies);
    }

    private static PolicyEntry entry(AclInfo.PolicyEntryInfo e) {
        AuthResource resource = AuthResource.parse(e.resource());
        if (e.actions() == null || e.actions().isEmpty()) {
            throw new AuthException("The actions of " + resource + " are empty.");
        }
        List<Action> actions = new ArrayList<>();
        for (String a : e.actions()) {
            Action action = Action.parse(a);
            if (action == null) {
                throw new AuthException("The action " + AuthFailures.printable(a) + " is invalid.");
            }
            if (action == Action.ANY) {
                throw new AuthException("The actions can not be Any.");
            }
            if (!actions.contains(action)) {
                actions.add(action);
            }
        }
        List<SourceIp> ips = new ArrayList<>();
        if (e.sourceIps() != null) {
            for (String ip : e.sourceIps()) {
                if (ip != null && !ip.isBlank()) {
                    ips.add(SourceIp.parse(ip));
                }
            }
        }
        Decision decision = Decision.parse(e.decision());
        if (decision == null) {
            throw new AuthException("The decision " + AuthFailures.printable(e.decision()) + " is invalid; expected Allow or Deny.");
        }
        return new PolicyEntry(resource, actions, ips, decision);
    }

    public static AclInfo info(Acl acl) {
        List<AclInfo.PolicyInfo> policies = new ArrayList<>();
        acl.policies().forEach((type, entries) -> policies.add(new AclInfo.PolicyInfo(type.wireName(),
            entries.stream().map(e -> new AclInfo.PolicyEntryInfo(e.resource().key(),
                e.actions().stream().map(Action::wireName).toList(),
                e.sourceIps().isEmpty() ? null : e.sourceIps().stream().map(SourceIp::text).toList(),
                e.decision().wireName())).toList())));
        return new AclInfo(acl.subject(), policies);
    }

    /** Reads {@code config/auth.json}; any bad user or ACL fails the whole file (the caller keeps the backup). */
    public static AuthFile decodeFile(byte[] json) {
        try {
            return ProtocolJson.codec().decode(json, AuthFile.class);
        } catch (JsonException e) {
            throw new AuthException("not an auth file: " + e.getMessage());
        }
    }

    public static byte[] encodeFile(AuthFile file) {
        return ProtocolJson.codec().encodePretty(file);
    }

    private static UserType type(String text) {
        if (text == null || text.isBlank()) {
            return UserType.NORMAL;
        }
        UserType t = UserType.parse(text);
        if (t == null) {
            throw new AuthException("The user type " + AuthFailures.printable(text) + " is invalid; expected Super or Normal.");
        }
        return t;
    }

    private static UserStatus status(String text) {
        if (text == null || text.isBlank()) {
            return UserStatus.ENABLE;
        }
        UserStatus s = UserStatus.parse(text);
        if (s == null) {
            throw new AuthException("The user status " + AuthFailures.printable(text) + " is invalid; expected enable or disable.");
        }
        return s;
    }

    private static void checkName(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new AuthException("The " + what + " is blank");
        }
        if (value.length() > MAX_NAME) {
            throw new AuthException("The " + what + " is longer than " + MAX_NAME + " characters");
        }
    }
}
