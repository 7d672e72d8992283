package dev.petrel.broker.schedule;

import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.store.DelayLevels;

import java.util.Map;

/**
 * The put-path rule for delay levels (system-topics.md §3, Apache's {@code HookUtils.handleScheduleMessage}): a message
 * that is not a transactional half or rollback record and has {@code DELAY} &gt; 0 is parked in
 * {@code SCHEDULE_TOPIC_XXXX}, queue {@code level - 1}, with its real topic and queue in {@code REAL_TOPIC} and
 * {@code REAL_QID}; a level above the highest configured one becomes the highest. {@code DELAY} wins over timer
 * properties, which are dropped. Body, flag, sysFlag, keys and tags are untouched.
 *
 * <p>Pure and thread-safe. Used by the send path ({@link DelayLevelStage}) and by send-back (retry delays).
 */
public final class DelayLevelRewrite {

    /**
     * What to store instead: the schedule topic and queue and the rewritten properties; or, when {@code illegal} is not
     * null, why the message is refused (a DELAY value that is not a number).
     */
    public record Target(String topic, int queueId, String properties, int level, String illegal) {

        static Target illegal(String why) {
            return new Target(null, -1, null, 0, why);
        }

        public boolean isIllegal() {
            return illegal != null;
        }
    }

    private final DelayLevels levels;

    public DelayLevelRewrite(DelayLevels levels) {
        this.levels = levels;
    }

    public DelayLevels levels() {
        return levels;
    }

    /**
     * @param properties the message's properties string
     * @return the schedule-topic target, or null when the message is not delayed and is stored as it is
     */
    public Target rewrite(String topic, int queueId, String properties, int sysFlag) {
        int type = SysFlag.transactionType(sysFlag);
        if (type != SysFlag.TRANSACTION_NOT_TYPE && type != SysFlag.TRANSACTION_COMMIT_TYPE) {
            return null;
        }
        String delay = PropertiesCodec.find(properties, PropertyNames.DELAY_TIME_LEVEL);
        if (delay == null) {
            return null;
        }
        int level;
        try {
            level = Integer.parseInt(delay.trim());
        } catch (NumberFormatException e) {
            return Target.illegal("property DELAY=" + delay + " is not a delay level; use 1.." + levels.maxLevel()
                + " (messageDelayLevel " + levels + ") or leave it out");
        }
        if (level <= 0) {
            return null; // 0: not delayed; -1: the dead-letter marker of a retry message
        }
        int stored = Math.min(level, levels.maxLevel());
        Map<String, String> props = PropertiesCodec.decode(properties);
        props.put(PropertyNames.DELAY_TIME_LEVEL, Integer.toString(stored));
        props.remove(PropertyNames.TIMER_DELIVER_MS);
        props.remove(PropertyNames.TIMER_DELAY_SEC);
        props.remove(PropertyNames.TIMER_DELAY_MS);
        props.put(PropertyNames.REAL_TOPIC, topic);
        props.put(PropertyNames.REAL_QUEUE_ID, Integer.toString(queueId));
        return new Target(DelayLevels.SCHEDULE_TOPIC, stored - 1, PropertiesCodec.encode(props), stored, null);
    }
}
