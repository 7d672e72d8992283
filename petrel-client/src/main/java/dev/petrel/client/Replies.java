package dev.petrel.client;

import dev.petrel.message.PropertyNames;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the reply to a request message (request-reply): send it with any {@code PetrelProducer} and the broker pushes
 * it to the client that sent the request. Works for requests from Petrel's client and from RocketMQ's
 * {@code DefaultMQProducer.request}.
 *
 * <pre>{@code
 * consumer listener: producer.send(Replies.reply(request, "answer".getBytes(UTF_8)));
 * }</pre>
 */
public final class Replies {

    /** Apache's {@code MixAll.REPLY_MESSAGE_FLAG}, the {@code MSG_TYPE} of a reply. */
    public static final String REPLY_MESSAGE_FLAG = "reply";
    private static final String REPLY_TOPIC_POSTFIX = "_REPLY_TOPIC";

    private Replies() {
    }

    /**
     * The reply to {@code request}: topic {@code <cluster>_REPLY_TOPIC} of the broker's cluster, with the request's
     * correlation id, requester and time-to-live.
     *
     * @throws IllegalArgumentException the message is not a request (no {@code CLUSTER} or {@code REPLY_TO_CLIENT})
     */
    public static Message reply(ReceivedMessage request, byte[] body) {
        String cluster = request.property(PropertyNames.CLUSTER);
        String replyTo = request.property(PropertyNames.MESSAGE_REPLY_TO_CLIENT);
        if (cluster == null || replyTo == null) {
            throw new IllegalArgumentException("message " + request.msgId() + " is not a request: it has no "
                + (cluster == null ? PropertyNames.CLUSTER : PropertyNames.MESSAGE_REPLY_TO_CLIENT) + " property");
        }
        Map<String, String> props = new LinkedHashMap<>();
        props.put(PropertyNames.MESSAGE_TYPE, REPLY_MESSAGE_FLAG);
        props.put(PropertyNames.CORRELATION_ID, request.property(PropertyNames.CORRELATION_ID));
        props.put(PropertyNames.MESSAGE_REPLY_TO_CLIENT, replyTo);
        String ttl = request.property(PropertyNames.MESSAGE_TTL);
        if (ttl != null) {
            props.put(PropertyNames.MESSAGE_TTL, ttl);
        }
        return Message.withProperties(cluster + REPLY_TOPIC_POSTFIX, body, 0, props);
    }
}
