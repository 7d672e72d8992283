package dev.petrel.broker.send;

/**
 * A message on its way from a send request to the store, while the {@link PutStage}s may still look at and rewrite
 * it (a delayed message's topic becomes SCHEDULE_TOPIC_XXXX, ...). Mutable and owned by the one request thread
 * that builds it.
 */
public final class PendingMessage {

    private String topic;
    private int queueId;
    private String properties;
    private int sysFlag;
    private final boolean batch;

    public PendingMessage(String topic, int queueId, String properties, int sysFlag, boolean batch) {
        this.topic = topic;
        this.queueId = queueId;
        this.properties = properties;
        this.sysFlag = sysFlag;
        this.batch = batch;
    }

    public String topic() {
        return topic;
    }

    public void topic(String value) {
        this.topic = value;
    }

    public int queueId() {
        return queueId;
    }

    public void queueId(int value) {
        this.queueId = value;
    }

    /** The properties string ({@code name\u0001value\u0002...}); for a batch, the envelope's. */
    public String properties() {
        return properties;
    }

    public void properties(String value) {
        this.properties = value;
    }

    public int sysFlag() {
        return sysFlag;
    }

    public void sysFlag(int value) {
        this.sysFlag = value;
    }

    /** Whether this is a batch (its inner messages keep their own properties). */
    public boolean isBatch() {
        return batch;
    }
}
