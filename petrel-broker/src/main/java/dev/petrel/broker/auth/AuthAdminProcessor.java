package dev.petrel.broker.auth;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ACL 2.0 admin requests AUTH_CREATE_USER … AUTH_LIST_ACL (3001–3010, security.md §3.8), as the 5.3.1 broker
 * answers them, so the official mqadmin's createUser, updateUser, deleteUser, getUser, listUser, createAcl,
 * updateAcl, deleteAcl, getAcl and listAcl work. Answers: blank username or the Super-user rule → SYSTEM_ERROR (1);
 * a bad user, ACL or missing subject → NO_PERMISSION (16) with the reason; anything else → SYSTEM_ERROR with
 * RocketMQ's generic text. Differences from 5.3.1: an update really stores the updated user (5.3.1 writes the old
 * one back). Like RocketMQ, getUser and listUser return passwords: restrict them with authorization
 * (Cluster: Get).
 *
 * <p>Runs on the admin pool; changes are serialised by {@link AuthMetadata}.
 */
public final class AuthAdminProcessor implements RequestProcessor {

    static final int[] CODES = {RequestCode.AUTH_CREATE_USER, RequestCode.AUTH_UPDATE_USER, RequestCode.AUTH_DELETE_USER,
        RequestCode.AUTH_GET_USER, RequestCode.AUTH_LIST_USER, RequestCode.AUTH_CREATE_ACL, RequestCode.AUTH_UPDATE_ACL,
        RequestCode.AUTH_DELETE_ACL, RequestCode.AUTH_GET_ACL, RequestCode.AUTH_LIST_ACL};
    static final String SYSTEM_ERROR_REMARK = "An system error occurred, please try again later.";
    private static final Logger LOG = LoggerFactory.getLogger(AuthAdminProcessor.class);

    private final AuthMetadata metadata;

    public AuthAdminProcessor(AuthMetadata metadata) {
        this.metadata = metadata;
    }

    @Override
    public RemotingCommand process(RequestContext context, RemotingCommand request) {
        try {
            return switch (request.code()) {
                case RequestCode.AUTH_CREATE_USER -> createUser(request);
                case RequestCode.AUTH_UPDATE_USER -> updateUser(request);
                case RequestCode.AUTH_DELETE_USER -> deleteUser(request);
                case RequestCode.AUTH_GET_USER -> getUser(request);
                case RequestCode.AUTH_LIST_USER -> listUsers(request);
                case RequestCode.AUTH_CREATE_ACL -> {
                    metadata.createAcl(AuthCodec.acl(request.extField("subject"), AuthCodec.decodeAclInfo(request.body())));
                    yield ok(request);
                }
                case RequestCode.AUTH_UPDATE_ACL -> {
                    metadata.updateAcl(AuthCodec.acl(request.extField("subject"), AuthCodec.decodeAclInfo(request.body())));
                    yield ok(request);
                }
                case RequestCode.AUTH_DELETE_ACL -> deleteAcl(request);
                case RequestCode.AUTH_GET_ACL -> {
                    Acl acl = metadata.acl(request.extField("subject"));
                    yield acl == null ? ok(request) : json(request, AuthCodec.info(acl));
                }
                case RequestCode.AUTH_LIST_ACL -> {
                    List<AclInfo> acls = metadata.listAcls(request.extField("subjectFilter"),
                        request.extField("resourceFilter")).stream().map(AuthCodec::info).toList();
                    yield acls.isEmpty() ? ok(request) : json(request, acls);
                }
                default -> request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not an auth admin request");
            };
        } catch (AuthException e) {
            LOG.info("auth admin request {} from {} refused: {}", RequestCode.name(request.code()), context.remoteAddress(),
                e.getMessage());
            return request.response(ResponseCode.NO_PERMISSION, e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("auth admin request {} from {} failed", RequestCode.name(request.code()), context.remoteAddress(), e);
            return request.response(ResponseCode.SYSTEM_ERROR, SYSTEM_ERROR_REMARK);
        }
    }

    private RemotingCommand createUser(RemotingCommand request) {
        String username = request.extField("username");
        if (username == null || username.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The username is blank");
        }
        AuthUser user = AuthCodec.user(username, AuthCodec.decodeUserInfo(request.body()));
        if (user.isSuper() && notSuperCaller(request)) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The super user can only be create by super user");
        }
        metadata.createUser(user);
        return ok(request);
    }

    private RemotingCommand updateUser(RemotingCommand request) {
        String username = request.extField("username");
        if (username == null || username.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The username is blank");
        }
        UserInfo info = AuthCodec.decodeUserInfo(request.body());
        if (UserType.parse(info.userType()) == UserType.SUPER && notSuperCaller(request)) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The super user can only be update by super user");
        }
        AuthUser old = metadata.user(username);
        if (old == null) {
            throw new AuthException("The user is not exist");
        }
        if (old.isSuper() && notSuperCaller(request)) {
            throw new AuthException("The super user can only be update by super user");
        }
        metadata.updateUser(AuthCodec.updated(old, info));
        return ok(request);
    }

    private RemotingCommand deleteUser(RemotingCommand request) {
        AuthUser old = metadata.user(request.extField("username"));
        if (old == null) {
            return ok(request);
        }
        if (old.isSuper() && notSuperCaller(request)) {
            throw new AuthException("The super user can only be update by super user");
        }
        metadata.deleteUser(old.username());
        return ok(request);
    }

    private RemotingCommand getUser(RemotingCommand request) {
        String username = request.extField("username");
        if (username == null || username.isBlank()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The username is blank");
        }
        AuthUser user = metadata.user(username);
        return user == null ? ok(request) : json(request, AuthCodec.info(user));
    }

    private RemotingCommand listUsers(RemotingCommand request) {
        List<UserInfo> users = metadata.listUsers(request.extField("filter")).stream().map(AuthCodec::info).toList();
        return users.isEmpty() ? ok(request) : json(request, users);
    }

    private RemotingCommand deleteAcl(RemotingCommand request) {
        String policyType = request.extField("policyType");
        PolicyType type = PolicyType.parse(policyType);
        if (type == null && policyType != null && !policyType.isBlank()) {
            throw new AuthException("The policy type " + AuthFailures.printable(policyType) + " is invalid.");
        }
        String resource = request.extField("resource");
        metadata.deleteAcl(request.extField("subject"), type,
            resource == null || resource.isBlank() ? null : AuthResource.parse(resource));
        return ok(request);
    }

    /** RocketMQ's rule: a request without an access key (authentication off) counts as a super caller. */
    private boolean notSuperCaller(RemotingCommand request) {
        String accessKey = request.extField(RequestSignature.ACCESS_KEY);
        if (accessKey == null || accessKey.isEmpty()) {
            return false;
        }
        AuthUser caller = metadata.user(accessKey);
        return caller == null || !caller.isSuper();
    }

    private static RemotingCommand ok(RemotingCommand request) {
        return request.response(ResponseCode.SUCCESS, null);
    }

    private static RemotingCommand json(RemotingCommand request, Object body) {
        return request.newResponse(ResponseCode.SUCCESS).body(ProtocolJson.codec().encode(body)).build();
    }
}
