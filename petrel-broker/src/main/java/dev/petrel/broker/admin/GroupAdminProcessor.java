package dev.petrel.broker.admin;

import dev.petrel.broker.metadata.SubscriptionGroupTable;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.processor.Replies;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.subscription.SubscriptionGroupList;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumer-group administration (request-codes.md §5): UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200), its list form (225),
 * GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201), GET_SUBSCRIPTIONGROUP_CONFIG (352) and DELETE_SUBSCRIPTIONGROUP (207).
 * Runs on the admin threads.
 */
public final class GroupAdminProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(GroupAdminProcessor.class);
    private static final RecordHeaderCodec<GetSubscriptionGroupConfigRequestHeader> GET =
        RecordHeaderCodec.of(GetSubscriptionGroupConfigRequestHeader.class);
    private static final RecordHeaderCodec<DeleteSubscriptionGroupRequestHeader> DELETE =
        RecordHeaderCodec.of(DeleteSubscriptionGroupRequestHeader.class);

    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;

    public GroupAdminProcessor(SubscriptionGroupTable groups, ConsumerOffsetTable offsets) {
        this.groups = groups;
        this.offsets = offsets;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        switch (request.code()) {
            case RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP -> {
                SubscriptionGroupConfig config = SubscriptionGroupConfig.CODEC.decode(request.body());
                String bad = check(config);
                if (bad != null) {
                    return request.response(ResponseCode.SYSTEM_ERROR, bad);
                }
                LOG.info("creating or updating subscription group {} for {}", config.groupName(), ctx.remoteAddress());
                groups.put(config);
                return Replies.ok(request);
            }
            case RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST -> {
                SubscriptionGroupList list = SubscriptionGroupList.CODEC.decode(request.body());
                for (SubscriptionGroupConfig c : list.groupConfigList()) {
                    String bad = check(c);
                    if (bad != null) {
                        return request.response(ResponseCode.SYSTEM_ERROR, bad);
                    }
                }
                groups.putAll(list.groupConfigList());
                return Replies.ok(request);
            }
            case RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG -> {
                SubscriptionGroupWrapper all = groups.snapshot();
                if (all.subscriptionGroupTable().isEmpty()) {
                    return request.response(ResponseCode.SYSTEM_ERROR, "No subscription group in this broker");
                }
                return Replies.okJson(request, SubscriptionGroupWrapper.CODEC, all);
            }
            case RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG -> {
                Decoded<GetSubscriptionGroupConfigRequestHeader> d = GET.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                SubscriptionGroupConfig c = groups.get(d.value().group());
                if (c == null) {
                    return request.response(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "No group in this broker");
                }
                return Replies.okJson(request, SubscriptionGroupConfig.CODEC, c);
            }
            case RequestCode.DELETE_SUBSCRIPTIONGROUP -> {
                Decoded<DeleteSubscriptionGroupRequestHeader> d = DELETE.decode(request.extFields());
                if (!d.isOk()) {
                    return Replies.badHeader(request, d);
                }
                String group = d.value().groupName();
                groups.remove(group);
                if (d.value().cleanOffset()) {
                    offsets.removeGroup(group);
                }
                LOG.info("deleted subscription group {} (offsets {}) for {}", group,
                    d.value().cleanOffset() ? "removed" : "kept", ctx.remoteAddress());
                return Replies.ok(request);
            }
            default -> {
                return request.response(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, "not a group admin request");
            }
        }
    }

    private static String check(SubscriptionGroupConfig c) {
        if (c.groupName() == null) {
            return "the subscription group config has no groupName";
        }
        String bad = NameValidator.validateGroup(c.groupName());
        if (bad != null) {
            return bad;
        }
        if (c.retryQueueNums() < 0 || c.retryMaxTimes() < -1) {
            return "retryQueueNums must be >= 0 and retryMaxTimes >= -1";
        }
        return null;
    }
}
