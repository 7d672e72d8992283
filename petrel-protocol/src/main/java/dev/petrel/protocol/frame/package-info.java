/**
 * The RocketMQ remoting frame and its two header encodings, pure data: {@link dev.petrel.protocol.frame.RemotingCommand}
 * is the value, {@link dev.petrel.protocol.frame.RemotingFrameCodec} the frame layout (length, type, header length),
 * {@code JsonHeaderCodec} and {@code BinaryHeaderCodec} the two headers. No I/O, no threads, no Netty, so every codec
 * here is fuzzed on its own.
 */
package dev.petrel.protocol.frame;
