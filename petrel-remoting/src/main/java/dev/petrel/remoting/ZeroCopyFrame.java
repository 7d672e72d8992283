package dev.petrel.remoting;

import dev.petrel.protocol.frame.RemotingCommand;

/** An outbound response whose body comes from {@link ZeroCopyBody} buffers; encoded by {@link FrameEncoder}. */
record ZeroCopyFrame(RemotingCommand header, ZeroCopyBody body) {
}
