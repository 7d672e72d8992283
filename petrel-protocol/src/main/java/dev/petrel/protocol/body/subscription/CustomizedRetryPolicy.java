package dev.petrel.protocol.body.subscription;

import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * Retry delays in ms, one per attempt (the last repeats). Absent properties take {@link #DEFAULTS}: RocketMQ's
 * 1s 5s 10s 30s 1m … 2h schedule.
 */
public record CustomizedRetryPolicy(List<Long> next) {

    public static final CustomizedRetryPolicy DEFAULTS = new CustomizedRetryPolicy(List.of(1000L, 5000L, 10000L, 30000L,
        60000L, 120000L, 180000L, 240000L, 300000L, 360000L, 420000L, 480000L, 540000L, 600000L, 1200000L, 1800000L,
        3600000L, 7200000L));

    public CustomizedRetryPolicy {
        next = BodyCollections.list(next);
    }
}
