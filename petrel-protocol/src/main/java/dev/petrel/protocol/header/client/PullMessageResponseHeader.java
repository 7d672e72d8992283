package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * PULL_MESSAGE / LITE_PULL_MESSAGE response header, encoded by {@link PullMessageResponseHeaderCodec}. The 5.3.1
 * client reads the four required fields without null checks.
 *
 * @param suggestWhichBrokerId broker id to pull from next (0 = master)
 * @param nextBeginOffset      offset to pull from next
 * @param minOffset            queue min offset
 * @param maxOffset            queue max offset
 * @param offsetDelta          static topics only
 * @param topicSysFlag         the topic's sysFlag
 * @param groupSysFlag         the group's sysFlag
 * @param forbiddenType        with NO_PERMISSION: 1 broker, 2 group, 3 topic, 4 broadcasting disabled, 5 subscription
 */
public record PullMessageResponseHeader(
    @Required long suggestWhichBrokerId,
    @Required long nextBeginOffset,
    @Required long minOffset,
    @Required long maxOffset,
    Long offsetDelta,
    Integer topicSysFlag,
    Integer groupSysFlag,
    Integer forbiddenType) {
}
