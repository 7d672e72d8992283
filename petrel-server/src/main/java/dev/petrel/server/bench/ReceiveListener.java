package dev.petrel.server.bench;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConcurrentMessageListener;
import dev.petrel.client.consumer.ConsumeContext;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.common.time.Clock;
import java.util.List;

/**
 * The bench consumer's listener: reads each message's bench header and records its end-to-end latency, from the send
 * time in the header to now. Runs on the push consumer's threads.
 *
 * <p>Messages of this run (same run id: same JVM) are timed with the monotonic clock, others with the wall clock
 * (millisecond resolution, and only as good as the clocks of the two machines agree).
 */
final class ReceiveListener implements ConcurrentMessageListener {

    private final long runId;
    private final Clock clock;
    private final LoadMetrics metrics;

    ReceiveListener(long runId, Clock clock, LoadMetrics metrics) {
        this.runId = runId;
        this.clock = clock;
        this.metrics = metrics;
    }

    @Override
    public ConsumeResult consume(List<ReceivedMessage> messages, ConsumeContext context) {
        long nowNanos = clock.nanos();
        long nowMillis = clock.millis();
        for (ReceivedMessage m : messages) {
            PayloadCodec.Stamp stamp = PayloadCodec.read(m.body());
            if (stamp == null) {
                metrics.recordForeign();
                continue;
            }
            long micros;
            if (stamp.runId() == runId) {
                micros = (nowNanos - stamp.sendNanos()) / 1_000;
                metrics.recordReceivedOfRun();
            } else {
                micros = (nowMillis - stamp.sendMillis()) * 1_000;
            }
            metrics.received().record(1, m.body().length, micros);
        }
        return ConsumeResult.SUCCESS;
    }
}
