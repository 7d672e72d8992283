package dev.petrel.message;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * A message as the broker hands it to the store, before the store assigns its queue offset, physical offset and
 * store timestamp. Everything that does not depend on those (UTF-8 topic and properties, body CRC, record size,
 * magic code, IPv6 sysFlag bits) is computed once here, in the caller's thread, so the store's single append path
 * only copies bytes.
 *
 * <p>Immutable; the body array is not copied (the caller hands it over and must not change it).
 */
public final class MessageDraft {

    private static final ThreadLocal<CRC32> CRC = ThreadLocal.withInitial(CRC32::new);

    private final String topic;
    private final byte[] topicBytes;
    private final int queueId;
    private final byte[] body;
    private final int flag;
    private final String properties;
    private final byte[] propertiesBytes;
    private final long bornTimestamp;
    private final Host bornHost;
    private final Host storeHost;
    private final int sysFlag;
    private final int reconsumeTimes;
    private final long preparedTransactionOffset;
    private final int bodyCrc;
    private final int magic;
    private final int recordSize;

    private MessageDraft(Builder b) {
        this.topic = b.topic;
        this.topicBytes = b.topic.getBytes(StandardCharsets.UTF_8);
        this.queueId = b.queueId;
        this.body = b.body == null ? new byte[0] : b.body;
        this.flag = b.flag;
        this.properties = b.properties == null ? "" : b.properties;
        this.propertiesBytes = this.properties.getBytes(StandardCharsets.UTF_8);
        this.bornTimestamp = b.bornTimestamp;
        this.bornHost = b.bornHost;
        this.storeHost = b.storeHost;
        int sf = b.sysFlag & ~(SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6);
        if (bornHost.isV6()) {
            sf |= SysFlag.BORNHOST_V6;
        }
        if (storeHost.isV6()) {
            sf |= SysFlag.STOREHOST_V6;
        }
        this.sysFlag = sf;
        this.reconsumeTimes = b.reconsumeTimes;
        this.preparedTransactionOffset = b.preparedTransactionOffset;
        CRC32 crc = CRC.get();
        crc.reset();
        crc.update(body, 0, body.length);
        this.bodyCrc = (int) (crc.getValue() & 0x7FFFFFFFL);
        this.magic = topicBytes.length > Byte.MAX_VALUE ? MessageRecordLayout.MAGIC_V2 : MessageRecordLayout.MAGIC_V1;
        this.recordSize = MessageRecordLayout.recordSize(body.length, topicBytes.length, propertiesBytes.length,
            bornHost.isV6(), storeHost.isV6(), magic == MessageRecordLayout.MAGIC_V2);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder preset with this draft's fields (for example to re-put a message under another topic). */
    public Builder toBuilder() {
        return new Builder().topic(topic).queueId(queueId).body(body).flag(flag).properties(properties)
            .bornTimestamp(bornTimestamp).bornHost(bornHost).storeHost(storeHost).sysFlag(sysFlag)
            .reconsumeTimes(reconsumeTimes).preparedTransactionOffset(preparedTransactionOffset);
    }

    public String topic() { return topic; }
    public byte[] topicBytes() { return topicBytes; }
    public int queueId() { return queueId; }
    public byte[] body() { return body; }
    public int flag() { return flag; }
    public String properties() { return properties; }
    public byte[] propertiesBytes() { return propertiesBytes; }
    public long bornTimestamp() { return bornTimestamp; }
    public Host bornHost() { return bornHost; }
    public Host storeHost() { return storeHost; }
    /** The sysFlag as it will be stored (IPv6 bits set from the hosts). */
    public int sysFlag() { return sysFlag; }
    public int reconsumeTimes() { return reconsumeTimes; }
    public long preparedTransactionOffset() { return preparedTransactionOffset; }
    /** CRC32 of the body, masked with 0x7FFFFFFF. */
    public int bodyCrc() { return bodyCrc; }
    public int magic() { return magic; }
    /** TOTALSIZE of the record this draft becomes. */
    public int recordSize() { return recordSize; }

    /** Builder; topic, bornHost and storeHost are required. */
    public static final class Builder {
        private String topic;
        private int queueId;
        private byte[] body;
        private int flag;
        private String properties;
        private long bornTimestamp;
        private Host bornHost;
        private Host storeHost;
        private int sysFlag;
        private int reconsumeTimes;
        private long preparedTransactionOffset;

        public Builder topic(String v) { topic = v; return this; }
        public Builder queueId(int v) { queueId = v; return this; }
        public Builder body(byte[] v) { body = v; return this; }
        public Builder flag(int v) { flag = v; return this; }
        public Builder properties(String v) { properties = v; return this; }
        public Builder properties(java.util.Map<String, String> v) { properties = PropertiesCodec.encode(v); return this; }
        public Builder bornTimestamp(long v) { bornTimestamp = v; return this; }
        public Builder bornHost(Host v) { bornHost = v; return this; }
        public Builder storeHost(Host v) { storeHost = v; return this; }
        public Builder sysFlag(int v) { sysFlag = v; return this; }
        public Builder reconsumeTimes(int v) { reconsumeTimes = v; return this; }
        public Builder preparedTransactionOffset(long v) { preparedTransactionOffset = v; return this; }

        public MessageDraft build() {
            if (topic == null || bornHost == null || storeHost == null) {
                throw new IllegalArgumentException("topic, bornHost and storeHost are required");
            }
            return new MessageDraft(this);
        }
    }
}
