package dev.petrel.broker.ha;

import java.io.IOException;

/**
 * The peer of an HA connection sent bytes that break the classic HA protocol (a negative offset, a frame larger than
 * the bound, a frame that does not continue the local CommitLog, a stream cut inside a frame). The connection is
 * closed; nothing already stored is touched.
 */
public final class HaProtocolException extends IOException {

    public HaProtocolException(String message) {
        super(message);
    }
}
