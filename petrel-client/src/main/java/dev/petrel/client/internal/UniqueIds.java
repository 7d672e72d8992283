package dev.petrel.client.internal;

import dev.petrel.common.time.Clock;
import dev.petrel.message.UniqueIdGenerator;

/**
 * The process's one UNIQ_KEY generator (message-format.md §5.2): one counter for every producer of the process, so
 * two producers never hand out the same id in the same millisecond.
 */
public final class UniqueIds {

    private static final UniqueIdGenerator GENERATOR = UniqueIdGenerator.forThisProcess(Clock.system());

    private UniqueIds() {
    }

    public static String next() {
        return GENERATOR.next();
    }
}
