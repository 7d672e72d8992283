package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * QUERY_CONSUME_TIME_SPAN (303) response.
 */
public record QueryConsumeTimeSpanBody(
    List<QueueTimeSpan> consumeTimeSpanSet) {

    public static final BodyCodec<QueryConsumeTimeSpanBody> CODEC = BodyCodec.of(QueryConsumeTimeSpanBody.class);

    public QueryConsumeTimeSpanBody {
        consumeTimeSpanSet = BodyCollections.list(consumeTimeSpanSet);
    }
}
