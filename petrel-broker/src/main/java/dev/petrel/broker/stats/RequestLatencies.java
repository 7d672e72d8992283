package dev.petrel.broker.stats;

import dev.petrel.metrics.BucketHistogram;
import dev.petrel.protocol.code.RequestCode;

/**
 * Time from a request's arrival (the remoting server's stamp) to its answer, for the send and pull codes: the source
 * of {@code rocketmq_rpc_latency} (milliseconds, RocketMQ's bounds). Recording is a switch and a
 * {@link BucketHistogram#record}; any thread.
 */
public final class RequestLatencies {

    private final BucketHistogram sendMessage = new BucketHistogram(BucketHistogram.RPC_LATENCY_MILLIS);
    private final BucketHistogram sendMessageV2 = new BucketHistogram(BucketHistogram.RPC_LATENCY_MILLIS);
    private final BucketHistogram sendBatch = new BucketHistogram(BucketHistogram.RPC_LATENCY_MILLIS);
    private final BucketHistogram pull = new BucketHistogram(BucketHistogram.RPC_LATENCY_MILLIS);
    private final BucketHistogram litePull = new BucketHistogram(BucketHistogram.RPC_LATENCY_MILLIS);
    private final boolean on;

    /** @param on false: {@link #record} does nothing (the metrics endpoint is off) */
    public RequestLatencies(boolean on) {
        this.on = on;
    }

    public RequestLatencies() {
        this(true);
    }

    /** Records one answer of {@code requestCode}; codes without a histogram are ignored. */
    public void record(int requestCode, long receivedNanos, long answeredNanos) {
        if (!on) {
            return;
        }
        BucketHistogram h = of(requestCode);
        if (h != null) {
            h.record((answeredNanos - receivedNanos) / 1_000_000);
        }
    }

    /** The histogram of a code, or null. */
    public BucketHistogram of(int requestCode) {
        return switch (requestCode) {
            case RequestCode.SEND_MESSAGE -> sendMessage;
            case RequestCode.SEND_MESSAGE_V2 -> sendMessageV2;
            case RequestCode.SEND_BATCH_MESSAGE -> sendBatch;
            case RequestCode.PULL_MESSAGE -> pull;
            case RequestCode.LITE_PULL_MESSAGE -> litePull;
            default -> null;
        };
    }

    /** The codes measured, with RocketMQ's lower-case names (its {@code request_code} label). */
    public static final int[] CODES = {RequestCode.SEND_MESSAGE, RequestCode.SEND_MESSAGE_V2,
        RequestCode.SEND_BATCH_MESSAGE, RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE};
}
