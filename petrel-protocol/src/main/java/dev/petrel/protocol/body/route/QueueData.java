package dev.petrel.protocol.body.route;

/**
 * The queues one broker hosts for a topic. {@code perm}: PermName bits (8 priority, 4 read, 2 write, 1 inherit).
 * Before RocketMQ 4.9.0 {@code topicSysFlag} was spelled {@code topicSynFlag}.
 */
public record QueueData(
    String brokerName,
    int perm,
    int readQueueNums,
    int topicSysFlag,
    int writeQueueNums) {
}
