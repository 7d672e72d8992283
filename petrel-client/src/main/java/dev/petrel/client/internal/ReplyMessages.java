package dev.petrel.client.internal;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a PUSH_REPLY_MESSAGE_TO_CLIENT (header + body) into the {@link ReceivedMessage} a requester gets: the fields
 * the header carries, {@code ARRIVE_TIME} added, a compressed body inflated. It goes through the stored-record codec
 * so decompression and field rules stay in one place. Pure.
 */
final class ReplyMessages {

    private static final Host UNKNOWN = new Host(new byte[4], 0);

    private ReplyMessages() {
    }

    static ReceivedMessage received(ReplyMessageRequestHeader h, byte[] body, long arriveMillis) {
        Map<String, String> props = new LinkedHashMap<>(PropertiesCodec.decode(h.properties()));
        props.put(PropertyNames.REPLY_MESSAGE_ARRIVE_TIME, Long.toString(arriveMillis));
        MessageDraft draft = MessageDraft.builder().topic(h.topic()).queueId(h.queueId())
            .body(body == null ? new byte[0] : body).flag(h.flag()).properties(props).bornTimestamp(h.bornTimestamp())
            .bornHost(host(h.bornHost())).storeHost(host(h.storeHost())).sysFlag(h.sysFlag() & ~0x30)
            .reconsumeTimes(h.reconsumeTimes() == null ? 0 : h.reconsumeTimes()).build();
        ByteBuffer buf = ByteBuffer.allocate(draft.recordSize());
        MessageRecordLayout.encode(buf, 0, draft, 0, 0, h.storeTimestamp());
        DecodedMessage m = new MessageRecordDecoder(true, MessageRecordDecoder.DEFAULT_MAX_BODY_SIZE).decode(buf, 0);
        return ReceivedMessage.of(m, h.topic(), "", 0, new LinkedHashMap<>(m.properties()));
    }

    /** {@code host:port}, as Petrel sends it, or {@code /host:port}, as Apache's broker does. */
    private static Host host(String text) {
        if (text == null) {
            return UNKNOWN;
        }
        String t = text.startsWith("/") ? text.substring(1) : text;
        try {
            return Host.parse(t);
        } catch (RuntimeException e) {
            return UNKNOWN;
        }
    }
}
