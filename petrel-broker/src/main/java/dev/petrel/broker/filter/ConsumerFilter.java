package dev.petrel.broker.filter;

import dev.petrel.message.filter.MessageFilter;

/**
 * One consumer group's compiled SQL92 filter for one topic, as its members' heartbeats registered it (Apache's
 * {@code ConsumerFilterData}). Immutable: the {@link ConsumerFilterTable} replaces an entry to change it.
 *
 * @param clientVersion the subscription's {@code subVersion} (the client's time of subscribing, ms); a pull that says
 *                      its subscription is newer than this is refused with FILTER_DATA_NOT_LATEST
 * @param bornMillis    when this expression was registered (broker time)
 * @param deadMillis    when the group stopped subscribing the topic (last member gone, or the topic left its
 *                      subscriptions); 0 while alive. Dead entries still answer pulls, as Apache's do, and are
 *                      removed after {@code filterDataCleanTimeSpan}
 */
public record ConsumerFilter(String topic, String group, MessageFilter filter, long clientVersion, long bornMillis,
                             long deadMillis) {

    public String expressionType() {
        return filter.expressionType();
    }

    public String expression() {
        return filter.expression();
    }

    public boolean isDead() {
        return deadMillis > 0;
    }

    ConsumerFilter withVersion(long version) {
        return new ConsumerFilter(topic, group, filter, version, bornMillis, 0);
    }

    ConsumerFilter alive() {
        return new ConsumerFilter(topic, group, filter, clientVersion, bornMillis, 0);
    }

    ConsumerFilter deadSince(long now) {
        return new ConsumerFilter(topic, group, filter, clientVersion, bornMillis, Math.max(1, now));
    }

    @Override
    public String toString() {
        return group + "@" + topic + " " + filter.expressionType() + " [" + filter.expression() + "] v" + clientVersion
            + (isDead() ? " (dead since " + deadMillis + ")" : "");
    }
}
