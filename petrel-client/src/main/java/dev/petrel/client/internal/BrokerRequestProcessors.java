package dev.petrel.client.internal;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.GetConsumerStatusBody;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.admin.ConsumeMessageDirectlyResultRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerStatusRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.protocol.header.client.NotifyConsumerIdsChangedRequestHeader;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RequestContext;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves the requests brokers send to clients (request-codes.md §6). Codes not registered here are answered
 * REQUEST_CODE_NOT_SUPPORTED by the remoting layer, or ignored when oneway.
 */
final class BrokerRequestProcessors {

    private static final Logger LOG = LoggerFactory.getLogger(BrokerRequestProcessors.class);

    private final Function<String, ConsumerMember> consumers;
    private final Runnable rebalanceNow;
    private Function<String, ClientMember> producers = group -> null;
    private ReplyWaiters replies = new ReplyWaiters();

    BrokerRequestProcessors(Function<String, ConsumerMember> consumers, Runnable rebalanceNow) {
        this.consumers = consumers;
        this.rebalanceNow = rebalanceNow;
    }

    /** Where transaction checks (by producer group) and pushed replies go. */
    BrokerRequestProcessors producers(Function<String, ClientMember> byGroup, ReplyWaiters waiters) {
        this.producers = byGroup;
        this.replies = waiters;
        return this;
    }

    void registerWith(RemotingClient client) {
        client.registerProcessor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, this::notifyConsumerIdsChanged);
        client.registerProcessor(RequestCode.RESET_CONSUMER_CLIENT_OFFSET, this::resetOffset);
        client.registerProcessor(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT, this::consumerStatus);
        client.registerProcessor(RequestCode.GET_CONSUMER_RUNNING_INFO, this::runningInfo);
        client.registerProcessor(RequestCode.CONSUME_MESSAGE_DIRECTLY, this::consumeDirectly);
        client.registerProcessor(RequestCode.CHECK_TRANSACTION_STATE, this::checkTransaction);
        client.registerProcessor(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, this::pushReply);
    }

    /** Oneway: hands the half message to its producer group's member, which answers with END_TRANSACTION. */
    private RemotingCommand checkTransaction(RequestContext ctx, RemotingCommand request) {
        Decoded<CheckTransactionStateRequestHeader> h =
            RecordHeaderCodec.of(CheckTransactionStateRequestHeader.class).decode(request.extFields());
        if (!h.isOk() || request.body() == null) {
            LOG.warn("ignoring a malformed transaction check from {}: {}", ctx.remoteAddress(),
                h.isOk() ? "no message" : h.errorMessage());
            return null;
        }
        DecodedMessage m;
        try {
            m = new MessageRecordDecoder().decode(ByteBuffer.wrap(request.body()), 0);
        } catch (RuntimeException e) {
            LOG.warn("ignoring a transaction check from {} whose message does not decode: {}", ctx.remoteAddress(),
                e.getMessage());
            return null;
        }
        String group = m.property(PropertyNames.PRODUCER_GROUP);
        ClientMember member = group == null ? null : producers.apply(group);
        if (member == null) {
            LOG.warn("broker {} asks about a transaction of producer group {}, which does not run in this client",
                ctx.remoteAddress(), group);
            return null;
        }
        member.checkTransaction(ctx.remoteAddress(), h.value(), m);
        return null;
    }

    /** A reply to one of this client's requests: completes the waiting request. */
    private RemotingCommand pushReply(RequestContext ctx, RemotingCommand request) {
        Decoded<ReplyMessageRequestHeader> h =
            RecordHeaderCodec.of(ReplyMessageRequestHeader.class).decode(request.extFields());
        if (!h.isOk()) {
            return request.response(ResponseCode.SYSTEM_ERROR, h.errorMessage());
        }
        ReceivedMessage reply = ReplyMessages.received(h.value(), request.body(), System.currentTimeMillis());
        if (!replies.complete(reply.property(PropertyNames.CORRELATION_ID), reply)) {
            LOG.warn("reply from {} matches no waiting request (correlation id {}); it timed out or is not ours",
                ctx.remoteAddress(), reply.property(PropertyNames.CORRELATION_ID));
        }
        return request.response(ResponseCode.SUCCESS, null);
    }

    private RemotingCommand notifyConsumerIdsChanged(RequestContext ctx, RemotingCommand request) {
        Decoded<NotifyConsumerIdsChangedRequestHeader> h =
            RecordHeaderCodec.of(NotifyConsumerIdsChangedRequestHeader.class).decode(request.extFields());
        LOG.info("broker {} says the members of group {} changed; rebalancing now", ctx.remoteAddress(),
            h.isOk() ? h.value().consumerGroup() : "?");
        rebalanceNow.run();
        return null;
    }

    private RemotingCommand resetOffset(RequestContext ctx, RemotingCommand request) {
        Decoded<ResetOffsetRequestHeader> h = RecordHeaderCodec.of(ResetOffsetRequestHeader.class).decode(request.extFields());
        if (!h.isOk() || request.body() == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, h.isOk() ? "no offset table" : h.errorMessage());
        }
        ConsumerMember member = consumers.apply(h.value().group());
        if (member != null) {
            ResetOffsetBody body = ResetOffsetBody.CODEC.decode(request.body());
            LOG.info("broker {} resets offsets of group {} topic {} to {}", ctx.remoteAddress(), h.value().group(),
                h.value().topic(), body.offsetTable());
            member.resetOffsets(h.value().topic(), body.offsetTable());
        }
        return request.response(ResponseCode.SUCCESS, null);
    }

    private RemotingCommand consumerStatus(RequestContext ctx, RemotingCommand request) {
        Decoded<GetConsumerStatusRequestHeader> h =
            RecordHeaderCodec.of(GetConsumerStatusRequestHeader.class).decode(request.extFields());
        if (!h.isOk()) {
            return request.response(ResponseCode.SYSTEM_ERROR, h.errorMessage());
        }
        ConsumerMember member = consumers.apply(h.value().group());
        GetConsumerStatusBody body = new GetConsumerStatusBody(Map.of(),
            member == null ? Map.of() : member.offsets(h.value().topic()));
        return request.newResponse(ResponseCode.SUCCESS).body(GetConsumerStatusBody.CODEC.encode(body)).build();
    }

    private RemotingCommand runningInfo(RequestContext ctx, RemotingCommand request) {
        Decoded<GetConsumerRunningInfoRequestHeader> h =
            RecordHeaderCodec.of(GetConsumerRunningInfoRequestHeader.class).decode(request.extFields());
        if (!h.isOk()) {
            return request.response(ResponseCode.SYSTEM_ERROR, h.errorMessage());
        }
        ConsumerMember member = consumers.apply(h.value().consumerGroup());
        if (member == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The Consumer Group <" + h.value().consumerGroup()
                + "> not exist in this consumer");
        }
        ConsumerRunningInfo info = member.runningInfo();
        if (h.value().jstackEnable()) {
            info = new ConsumerRunningInfo(threadDump(), info.mqPopTable(), info.mqTable(), info.properties(),
                info.statusTable(), info.subscriptionSet(), info.userConsumerInfo());
        }
        return request.newResponse(ResponseCode.SUCCESS).body(ConsumerRunningInfo.CODEC.encode(info)).build();
    }

    private RemotingCommand consumeDirectly(RequestContext ctx, RemotingCommand request) {
        Decoded<ConsumeMessageDirectlyResultRequestHeader> h =
            RecordHeaderCodec.of(ConsumeMessageDirectlyResultRequestHeader.class).decode(request.extFields());
        if (!h.isOk() || request.body() == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, h.isOk() ? "no message in the request" : h.errorMessage());
        }
        ConsumerMember member = consumers.apply(h.value().consumerGroup());
        if (member == null) {
            return request.response(ResponseCode.SYSTEM_ERROR, "The Consumer Group <" + h.value().consumerGroup()
                + "> not exist in this consumer");
        }
        List<DecodedMessage> decoded = new MessageRecordDecoder().decodeAll(ByteBuffer.wrap(request.body()));
        if (decoded.isEmpty()) {
            return request.response(ResponseCode.SYSTEM_ERROR, "no message in the request");
        }
        DecodedMessage m = decoded.get(0);
        String brokerName = h.value().brokerName() == null ? "" : h.value().brokerName();
        ConsumeMessageDirectlyResult result = member.consumeDirectly(ReceivedMessage.of(m, m.topic(), brokerName,
            m.queueOffset(), new LinkedHashMap<>(m.properties())));
        return request.newResponse(ResponseCode.SUCCESS).body(ConsumeMessageDirectlyResult.CODEC.encode(result)).build();
    }

    private static String threadDump() {
        StringBuilder sb = new StringBuilder();
        for (ThreadInfo t : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
            sb.append(t);
        }
        return sb.toString();
    }
}
