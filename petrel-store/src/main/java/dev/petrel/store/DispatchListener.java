package dev.petrel.store;

import java.util.Map;

/**
 * Told of every ConsumeQueue entry the dispatcher writes (long polling wakes held pulls from it). Called on the
 * dispatch thread right after the entry is visible to gets: implementations must be quick and must not block.
 */
@FunctionalInterface
public interface DispatchListener {

    /**
     * @param queueOffset the new entry's queue offset (the queue's max offset is now queueOffset + 1)
     * @param tagCode its tag slot
     * @param properties the record's properties (decoded lazily; do not keep)
     */
    void onDispatched(String topic, int queueId, long queueOffset, long tagCode, long storeTimestamp,
                      Map<String, String> properties);

    DispatchListener NONE = (t, q, o, c, s, p) -> { };
}
