package dev.petrel.broker.reply;

import dev.petrel.broker.stats.MessageType;
import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.send.PutStatusCodes;
import dev.petrel.broker.send.SendChecks;
import dev.petrel.broker.send.SendMessageProcessor;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeader;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.remoting.Connection;
import dev.petrel.remoting.RequestContext;
import dev.petrel.remoting.RequestProcessor;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/**
 * SEND_REPLY_MESSAGE (324) and SEND_REPLY_MESSAGE_V2 (325): a consumer's reply to a request message. The broker
 * pushes it at once to the requesting client (PUSH_REPLY_MESSAGE_TO_CLIENT, 326, to the connection of the client
 * named in {@code REPLY_TO_CLIENT}, with {@code PUSH_REPLY_TIME} added) and, with {@code storeReplyMessageEnable},
 * also stores it in its topic ({@code <cluster>_REPLY_TOPIC}). The answer is SUCCESS when the push succeeded (with the
 * stored message's id and offset, else id "0" and offset 0, as Apache), SYSTEM_ERROR naming the reason otherwise.
 *
 * <p>Runs on the send threads and never blocks them: the push and the put complete asynchronously and the answer is
 * written by whichever completes last.
 */
public final class ReplyMessageProcessor implements RequestProcessor {

    private static final Logger LOG = LoggerFactory.getLogger(ReplyMessageProcessor.class);
    /** Apache's broker-to-client call timeout: how long the requester may take to acknowledge a pushed reply. */
    static final long PUSH_TIMEOUT_MILLIS = 10_000;
    private static final RecordHeaderCodec<ReplyMessageRequestHeader> PUSH = RecordHeaderCodec.of(ReplyMessageRequestHeader.class);

    private final Clock clock;
    private final SendMessageProcessor.Settings settings;
    private final SendChecks checks;
    private final ReplyTargets targets;
    private final MessageStore store;
    private final BrokerStats stats;
    private final Host storeHost;
    private final BooleanSupplier storeReplies;

    public ReplyMessageProcessor(Clock clock, SendMessageProcessor.Settings settings, SendChecks checks,
                                 ReplyTargets targets, MessageStore store, BrokerStats stats, Host storeHost,
                                 BooleanSupplier storeReplies) {
        this.clock = clock;
        this.settings = settings;
        this.checks = checks;
        this.targets = targets;
        this.store = store;
        this.stats = stats;
        this.storeHost = storeHost;
        this.storeReplies = storeReplies;
    }

    @Override
    public RemotingCommand process(RequestContext ctx, RemotingCommand request) {
        Decoded<SendMessageRequestHeader> decoded = SendChecks.decodeHeader(request);
        if (!decoded.isOk()) {
            return error(request, decoded.responseCode(), decoded.errorMessage());
        }
        SendMessageRequestHeader h = decoded.value();
        Refusal refusal = checks.startGate(clock.millis(), settings.startAcceptSendRequestTimeStamp());
        if (refusal != null) {
            return error(request, refusal.code(), refusal.remark());
        }
        SendChecks.Checked checked = checks.check(h, settings.brokerPermission(), ctx.remoteAddress());
        if (checked.refusal() != null) {
            return error(request, checked.refusal().code(), checked.refusal().remark());
        }
        byte[] body = request.body();
        if (body == null || body.length == 0) {
            return error(request, ResponseCode.MESSAGE_ILLEGAL, "reply body is empty");
        }
        int queueId = h.queueId() < 0
            ? ThreadLocalRandom.current().nextInt(Math.max(1, checked.topic().writeQueueNums())) : h.queueId();
        Host bornHost;
        try {
            bornHost = Host.parse(ctx.remoteAddress());
        } catch (IllegalArgumentException e) {
            return error(request, ResponseCode.SYSTEM_ERROR, "cannot read the replier's address " + ctx.remoteAddress());
        }
        Map<String, String> props = PropertiesCodec.decode(h.properties());
        CompletableFuture<String> pushed = push(ctx, h, props, body);
        CompletableFuture<PutResult> stored = storeReplies.getAsBoolean()
            ? store.putMessage(MessageDraft.builder().topic(h.topic()).queueId(queueId).body(body).flag(h.flag())
                .properties(h.properties() == null ? "" : h.properties()).bornTimestamp(h.bornTimestamp())
                .bornHost(bornHost).storeHost(storeHost).sysFlag(h.sysFlag())
                .reconsumeTimes(h.reconsumeTimes() == null ? 0 : h.reconsumeTimes()).build())
            : CompletableFuture.completedFuture(null);
        pushed.thenCombine(stored.exceptionally(t -> null), (pushFailure, put) -> answer(request, h.topic(), pushFailure,
                put, queueId))
            .whenComplete((response, failure) -> ctx.respond(failure != null
                ? error(request, ResponseCode.SYSTEM_ERROR, "reply failed: " + failure) : response));
        return null;
    }

    /** Completes with null when the requester took the reply, else with the reason it did not. */
    private CompletableFuture<String> push(RequestContext ctx, SendMessageRequestHeader h, Map<String, String> props,
                                           byte[] body) {
        String senderId = props.get(PropertyNames.MESSAGE_REPLY_TO_CLIENT);
        if (senderId == null) {
            LOG.warn("reply from {} has no {} property; nobody to push it to", ctx.remoteAddress(),
                PropertyNames.MESSAGE_REPLY_TO_CLIENT);
            return CompletableFuture.completedFuture("reply message properties[" + PropertyNames.MESSAGE_REPLY_TO_CLIENT
                + "] is null");
        }
        Connection target = targets.find(senderId);
        if (target == null) {
            String why = "push reply message fail, channel of <" + senderId + "> not found.";
            LOG.warn("{} (the requester disconnected, or is connected to another broker)", why);
            return CompletableFuture.completedFuture(why);
        }
        props.put(PropertyNames.PUSH_REPLY_TIME, Long.toString(clock.millis()));
        ReplyMessageRequestHeader header = new ReplyMessageRequestHeader(h.producerGroup(), h.topic(), h.defaultTopic(),
            h.defaultTopicQueueNums(), h.queueId(), h.sysFlag(), h.bornTimestamp(), h.flag(), PropertiesCodec.encode(props),
            h.reconsumeTimes(), Boolean.TRUE.equals(h.unitMode()), ctx.remoteAddress(), storeHost.toString(),
            clock.millis(), null);
        RemotingCommand request = RemotingCommand.request(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, PUSH.encode(header),
            body);
        return target.invokeAsync(request, PUSH_TIMEOUT_MILLIS).handle((response, failure) -> {
            if (failure != null) {
                LOG.warn("push of a reply to {} failed: {}", senderId, failure.toString());
                return "push reply message to " + senderId + " fail.";
            }
            if (response.code() != ResponseCode.SUCCESS) {
                LOG.warn("client {} refused a pushed reply: {}", senderId, response.remark());
                return "push reply message to " + senderId + " fail.";
            }
            return null;
        });
    }

    private RemotingCommand answer(RemotingCommand request, String topic, String pushFailure, PutResult put,
                                   int queueId) {
        if (pushFailure != null) {
            return error(request, ResponseCode.SYSTEM_ERROR, pushFailure);
        }
        String msgId = "0";
        long queueOffset = 0;
        if (put != null && put.status().isStored()) {
            stats.recordPut(topic, MessageType.NORMAL, put.messageCount(), put.recordSize());
            msgId = put.msgId();
            queueOffset = put.queueOffset();
        } else if (put != null) {
            LOG.warn("reply pushed but not stored: {}", PutStatusCodes.remark(put, Integer.MAX_VALUE));
        }
        SendMessageResponseHeader header = new SendMessageResponseHeader(msgId, queueId, queueOffset, null, null,
            settings.regionId(), settings.traceOn());
        return request.newResponse(ResponseCode.SUCCESS).extFields(SendMessageResponseHeaderCodec.INSTANCE.encode(header))
            .build();
    }

    private RemotingCommand error(RemotingCommand request, int code, String remark) {
        return request.newResponse(code).remark(remark)
            .extField(SendMessageResponseHeaderCodec.MSG_REGION, settings.regionId())
            .extField(SendMessageResponseHeaderCodec.TRACE_ON, Boolean.toString(settings.traceOn()))
            .build();
    }
}
