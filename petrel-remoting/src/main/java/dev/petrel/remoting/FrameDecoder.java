package dev.petrel.remoting;

import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Netty stage bytes → {@link RemotingCommand}: cuts frames at their length field and decodes them with
 * {@link RemotingFrameCodec}.
 *
 * <p>Nothing is allocated for a frame before its bytes arrive: the length is checked against the maximum as soon as
 * its 4 bytes are in, and a partial frame occupies only the bytes received so far. A frame that is too long, has a
 * negative length or fails to decode is counted, reported to the pipeline as a {@link MalformedFrameException}
 * (which closes the connection with a logged reason), and every later byte from that peer is discarded unread.
 *
 * <p>One instance per channel, used by its I/O thread only.
 */
final class FrameDecoder extends ByteToMessageDecoder {

    private final int maxFrameLength;
    private final RemotingMetrics metrics;
    private boolean rejected;

    FrameDecoder(int maxFrameLength, RemotingMetrics metrics) {
        this.maxFrameLength = maxFrameLength;
        this.metrics = metrics;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (rejected) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < RemotingFrameCodec.LENGTH_FIELD_SIZE) {
            return;
        }
        int start = in.readerIndex();
        int length = in.getInt(start + RemotingFrameCodec.LENGTH_OFFSET);
        if (length < 0) {
            reject(ctx, in, new MalformedFrameException("negative frame length " + length, RemotingFrameCodec.LENGTH_OFFSET));
            return;
        }
        if (RemotingFrameCodec.LENGTH_FIELD_SIZE + (long) length > maxFrameLength) {
            reject(ctx, in, new MalformedFrameException("frame length " + length + " (plus the 4-byte length field) "
                + "exceeds the maximum of " + maxFrameLength + " bytes set by "
                + RemotingCommonConfig.FRAME_MAX_LENGTH_PROPERTY, RemotingFrameCodec.LENGTH_OFFSET));
            return;
        }
        if (in.readableBytes() - RemotingFrameCodec.LENGTH_FIELD_SIZE < length) {
            return;
        }
        RemotingCommand command;
        try {
            command = RemotingFrameCodec.decode(in.nioBuffer(start + RemotingFrameCodec.LENGTH_FIELD_SIZE, length));
        } catch (MalformedFrameException e) {
            reject(ctx, in, e);
            return;
        }
        in.skipBytes(RemotingFrameCodec.LENGTH_FIELD_SIZE + length);
        metrics.framesIn.increment();
        out.add(command);
    }

    private void reject(ChannelHandlerContext ctx, ByteBuf in, MalformedFrameException reason) {
        rejected = true;
        metrics.badFrames.increment();
        in.skipBytes(in.readableBytes());
        ctx.fireExceptionCaught(reason);
    }
}
