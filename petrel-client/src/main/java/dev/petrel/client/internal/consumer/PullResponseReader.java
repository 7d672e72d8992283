package dev.petrel.client.internal.consumer;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.filter.TagFilter;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.Decoded;
import dev.petrel.protocol.header.client.PullMessageResponseHeader;
import dev.petrel.protocol.header.client.PullMessageResponseHeaderCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a pull response as the 5.3.1 client does (flows.md §8 "Client decoding"): maps the code to a
 * {@link PullStatus}, decodes the records (decompressing zlib bodies), re-filters by exact tag string when the
 * subscription names tags (the broker only compares tag hashes), adds {@code MIN_OFFSET}/{@code MAX_OFFSET} and the
 * broker name, and applies {@code offsetDelta}. Pure and thread-safe.
 */
public final class PullResponseReader {

    /** A pull result and the broker the server suggests for the next pull of the queue. */
    public record Outcome(PullResult result, long suggestWhichBrokerId) {
    }

    private static final MessageRecordDecoder DECODER = new MessageRecordDecoder();

    private PullResponseReader() {
    }

    /**
     * @param subscription the subscription pulled with; null for none (no tag re-filtering)
     * @throws BrokerException for codes other than the four pull outcomes, or a body that does not decode
     */
    public static Outcome read(RemotingCommand response, MessageQueue queue, SubscriptionData subscription,
                               String address) {
        PullStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> PullStatus.FOUND;
            case ResponseCode.PULL_NOT_FOUND -> PullStatus.NO_NEW_MSG;
            case ResponseCode.PULL_RETRY_IMMEDIATELY -> PullStatus.NO_MATCHED_MSG;
            case ResponseCode.PULL_OFFSET_MOVED -> PullStatus.OFFSET_ILLEGAL;
            default -> throw new BrokerException(response.code(), response.remark(), address, "pull of " + queue);
        };
        Decoded<PullMessageResponseHeader> decoded = PullMessageResponseHeaderCodec.INSTANCE.decode(response.extFields());
        if (!decoded.isOk()) {
            throw new BrokerException(ResponseCode.SYSTEM_ERROR, "malformed pull response: " + decoded.errorMessage(),
                address, "pull of " + queue);
        }
        PullMessageResponseHeader h = decoded.value();
        List<ReceivedMessage> messages = List.of();
        if (status == PullStatus.FOUND && response.body() != null) {
            messages = decode(response.body(), queue, h, subscription, address);
        }
        return new Outcome(new PullResult(status, h.nextBeginOffset(), h.minOffset(), h.maxOffset(), messages),
            h.suggestWhichBrokerId());
    }

    private static List<ReceivedMessage> decode(byte[] body, MessageQueue queue, PullMessageResponseHeader h,
                                                SubscriptionData subscription, String address) {
        List<DecodedMessage> records;
        try {
            records = DECODER.decodeAll(ByteBuffer.wrap(body));
        } catch (MessageFormatException e) {
            throw new BrokerException(ResponseCode.SYSTEM_ERROR, "pull body of " + queue + " does not decode: "
                + e.getMessage(), address, "pull of " + queue);
        }
        TagFilter tags = tagFilter(subscription);
        long delta = h.offsetDelta() == null ? 0 : h.offsetDelta();
        String min = Long.toString(h.minOffset());
        String max = Long.toString(h.maxOffset());
        List<ReceivedMessage> out = new ArrayList<>(records.size());
        for (DecodedMessage m : records) {
            if (tags != null && !tags.matchesTags(m.tags())) {
                continue;
            }
            Map<String, String> properties = new LinkedHashMap<>(m.properties());
            properties.put(PropertyNames.MIN_OFFSET, min);
            properties.put(PropertyNames.MAX_OFFSET, max);
            out.add(ReceivedMessage.of(m, m.topic(), queue.brokerName(), m.queueOffset() + delta, properties));
        }
        return out;
    }

    /** The exact-tag re-check for a TAG subscription naming tags; null when every message passes. */
    static TagFilter tagFilter(SubscriptionData subscription) {
        if (subscription == null || subscription.classFilterMode() || subscription.tagsSet().isEmpty()
            || !SubscriptionData.TAG.equals(subscription.expressionType())) {
            return null;
        }
        return TagFilter.fromSubscription(subscription.subString(), subscription.tagsSet(), subscription.codeSet());
    }
}
