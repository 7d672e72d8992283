package dev.petrel.message;

import java.util.Map;

/**
 * One stored record read back into values (what a consumer sees after a pull). {@code body} is the decompressed body
 * when the decoder was asked to decompress, and {@code sysFlag} then has the COMPRESSED bit cleared, as the 5.3.1
 * client does. {@code msgId} is the offset message id computed from the store host and physical offset.
 */
public record DecodedMessage(int totalSize, int magic, int bodyCrc, int queueId, int flag, long queueOffset,
                             long physicalOffset, int sysFlag, long bornTimestamp, Host bornHost, long storeTimestamp,
                             Host storeHost, int reconsumeTimes, long preparedTransactionOffset, byte[] body,
                             String topic, Map<String, String> properties, String msgId) {

    public String property(String name) {
        return properties.get(name);
    }

    public String tags() {
        return properties.get(PropertyNames.TAGS);
    }

    public String keys() {
        return properties.get(PropertyNames.KEYS);
    }

    /** The client message id (UNIQ_KEY) if present, else the offset message id, like the client's getMsgId(). */
    public String clientMsgId() {
        String uniq = properties.get(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        return uniq != null ? uniq : msgId;
    }
}
