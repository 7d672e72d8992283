package dev.petrel.remoting;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one server or client, cheap enough to bump per frame ({@link LongAdder}s, written by I/O and worker
 * threads, read by anyone). A dashboard reads {@link #snapshot()}.
 */
public final class RemotingMetrics {

    final LongAdder framesIn = new LongAdder();
    final LongAdder framesOut = new LongAdder();
    final LongAdder badFrames = new LongAdder();
    final LongAdder busyRejections = new LongAdder();
    final LongAdder unsupportedRequests = new LongAdder();
    final LongAdder processorErrors = new LongAdder();
    final LongAdder timeouts = new LongAdder();
    final LongAdder sendFailures = new LongAdder();
    final LongAdder unmatchedResponses = new LongAdder();
    final LongAdder connectionsOpened = new LongAdder();
    final LongAdder connectionsClosed = new LongAdder();
    final LongAdder idleClosed = new LongAdder();
    final LongAdder tlsConnections = new LongAdder();
    final LongAdder tlsRefused = new LongAdder();
    final LongAdder tlsHandshakeFailures = new LongAdder();

    RemotingMetrics() {
    }

    /** Frames decoded from peers. */
    public long framesIn() {
        return framesIn.sum();
    }

    /** Frames encoded towards peers. */
    public long framesOut() {
        return framesOut.sum();
    }

    /** Frames that were too long or failed to decode; each closed its connection. */
    public long badFrames() {
        return badFrames.sum();
    }

    /** Requests answered SYSTEM_BUSY (executor queue full or processor declined). */
    public long busyRejections() {
        return busyRejections.sum();
    }

    /** Requests answered REQUEST_CODE_NOT_SUPPORTED. */
    public long unsupportedRequests() {
        return unsupportedRequests.sum();
    }

    /** Processor exceptions answered SYSTEM_ERROR. */
    public long processorErrors() {
        return processorErrors.sum();
    }

    /** Own calls that timed out. */
    public long timeouts() {
        return timeouts.sum();
    }

    /** Own requests or responses that could not be written. */
    public long sendFailures() {
        return sendFailures.sum();
    }

    /** Responses whose opaque matched no waiting call (late or unknown); dropped. */
    public long unmatchedResponses() {
        return unmatchedResponses.sum();
    }

    public long connectionsOpened() {
        return connectionsOpened.sum();
    }

    public long connectionsClosed() {
        return connectionsClosed.sum();
    }

    /** Connections closed for being idle. */
    public long idleClosed() {
        return idleClosed.sum();
    }

    /** Connections whose TLS handshake completed. */
    public long tlsConnections() {
        return tlsConnections.sum();
    }

    /**
     * Connections closed by the server's TLS mode before any frame was read: plaintext under enforcing, or TLS
     * the server could not serve (no usable certificate).
     */
    public long tlsRefused() {
        return tlsRefused.sum();
    }

    /** TLS handshakes that failed (untrusted or missing certificate, no common protocol, not TLS after all). */
    public long tlsHandshakeFailures() {
        return tlsHandshakeFailures.sum();
    }

    /** Every counter by name. */
    public Map<String, Long> snapshot() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("framesIn", framesIn());
        m.put("framesOut", framesOut());
        m.put("badFrames", badFrames());
        m.put("busyRejections", busyRejections());
        m.put("unsupportedRequests", unsupportedRequests());
        m.put("processorErrors", processorErrors());
        m.put("timeouts", timeouts());
        m.put("sendFailures", sendFailures());
        m.put("unmatchedResponses", unmatchedResponses());
        m.put("connectionsOpened", connectionsOpened());
        m.put("connectionsClosed", connectionsClosed());
        m.put("idleClosed", idleClosed());
        m.put("tlsConnections", tlsConnections());
        m.put("tlsRefused", tlsRefused());
        m.put("tlsHandshakeFailures", tlsHandshakeFailures());
        return m;
    }

    @Override
    public String toString() {
        return "RemotingMetrics" + snapshot();
    }
}
