package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * The send header of SEND_MESSAGE (10, full key names, {@link SendMessageV1HeaderCodec}) and of SEND_MESSAGE_V2 (310)
 * / SEND_BATCH_MESSAGE (320) / SEND_REPLY_MESSAGE_V2 (325) (one-letter keys, {@link SendMessageV2HeaderCodec}). The
 * target broker name travels as {@code bname} in V1 and as {@code n} in V2; here it is {@code rpc.bname()}.
 *
 * @param producerGroup         producer group
 * @param topic                 topic (namespace-prefixed if a namespace is set)
 * @param defaultTopic          template topic for auto-creation, {@code TBW102}
 * @param defaultTopicQueueNums queue count for auto-creation (4)
 * @param queueId               target queue; negative = the broker picks
 * @param sysFlag               message sysFlag (compression, transaction type bits)
 * @param bornTimestamp         client time in ms
 * @param flag                  the message's user flag
 * @param properties            the properties string ({@code name\u0001value\u0002...})
 * @param reconsumeTimes        retry count for %RETRY% topics, else 0
 * @param unitMode              unit mode
 * @param batch                 whether the body is a batch (SEND_BATCH_MESSAGE)
 * @param maxReconsumeTimes     only for %RETRY% topics
 * @param rpc                   base fields; {@code bname} is the target broker
 */
public record SendMessageRequestHeader(
    @Required String producerGroup,
    @Required String topic,
    @Required String defaultTopic,
    @Required int defaultTopicQueueNums,
    @Required int queueId,
    @Required int sysFlag,
    @Required long bornTimestamp,
    @Required int flag,
    String properties,
    Integer reconsumeTimes,
    Boolean unitMode,
    Boolean batch,
    Integer maxReconsumeTimes,
    RpcFields rpc) {

    public SendMessageRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
