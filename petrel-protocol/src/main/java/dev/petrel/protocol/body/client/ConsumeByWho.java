package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * Which groups consumed a given message (not used by the codes Petrel serves; listed for completeness).
 */
public record ConsumeByWho(
    Set<String> consumedGroup,
    Set<String> notConsumedGroup,
    long offset,
    int queueId,
    String topic) {

    public static final BodyCodec<ConsumeByWho> CODEC = BodyCodec.of(ConsumeByWho.class);

    public ConsumeByWho {
        consumedGroup = BodyCollections.set(consumedGroup);
        notConsumedGroup = BodyCollections.set(notConsumedGroup);
    }
}
