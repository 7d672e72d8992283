package dev.petrel.store;

import java.nio.ByteBuffer;

/**
 * The caller's filter for a get: first on the ConsumeQueue tag slot (cheap, no CommitLog read), then optionally on
 * the stored record (for SQL92 on properties; decode them with {@code dev.petrel.message.MessageRecordLayout}).
 */
public interface MessageFilter {

    /** Everything matches. */
    MessageFilter ALL = new MessageFilter() {
        @Override
        public boolean matchesTagCode(long tagCode) {
            return true;
        }
    };

    /** @param tagCode the ConsumeQueue tag slot (tag hash, or delivery time in SCHEDULE_TOPIC_XXXX) */
    boolean matchesTagCode(long tagCode);

    /** @param record the whole stored record, position 0; read-only; valid only during the call */
    default boolean matchesRecord(ByteBuffer record) {
        return true;
    }
}
