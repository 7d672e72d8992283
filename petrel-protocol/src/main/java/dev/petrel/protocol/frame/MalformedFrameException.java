package dev.petrel.protocol.frame;

/**
 * A frame that cannot be decoded. Expected whenever a peer sends bad bytes, so it is checked: the remoting layer
 * logs the message and closes that one connection. The message says what was wrong and at which frame offset
 * (offset 0 is the first byte of the 4-byte length field, as in {@link RemotingFrameCodec}'s layout).
 */
public final class MalformedFrameException extends Exception {

    private static final long serialVersionUID = 1L;

    private final long frameOffset;

    public MalformedFrameException(String problem, long frameOffset) {
        super(problem + " (at frame offset " + frameOffset + ")", null, false, false);
        this.frameOffset = frameOffset;
    }

    /** Where the problem was found, counted from the first byte of the length field. */
    public long frameOffset() {
        return frameOffset;
    }
}
