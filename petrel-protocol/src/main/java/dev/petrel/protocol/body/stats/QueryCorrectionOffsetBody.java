package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * QUERY_CORRECTION_OFFSET (308) response: offset per queue id (Apache writes the keys unquoted).
 */
public record QueryCorrectionOffsetBody(
    Map<Integer, Long> correctionOffsets) {

    public static final BodyCodec<QueryCorrectionOffsetBody> CODEC = BodyCodec.of(QueryCorrectionOffsetBody.class);

    public QueryCorrectionOffsetBody {
        correctionOffsets = BodyCollections.map(correctionOffsets);
    }
}
