package dev.petrel.remoting;

import dev.petrel.protocol.frame.ByteSink;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.util.concurrent.FastThreadLocal;
import java.nio.ByteBuffer;

/**
 * Netty stage {@link RemotingCommand} / {@link ZeroCopyFrame} → bytes. The header is encoded into a scratch
 * {@link ByteSink} owned by the I/O thread and copied into one network buffer; a small body is copied behind it, a
 * large one is linked in without copying, and a {@link ZeroCopyBody} is always linked in (mapped-file slices go from
 * their own memory to the socket).
 *
 * <p>Shared by all channels of an endpoint; state lives in the per-thread sink.
 */
@ChannelHandler.Sharable
final class FrameEncoder extends ChannelOutboundHandlerAdapter {

    /** Bodies up to this size are copied next to the header; one buffer is cheaper than a composite for them. */
    static final int COPY_BODY_LIMIT = 16 * 1024;

    private static final FastThreadLocal<ByteSink> SINK = new FastThreadLocal<>() {
        @Override
        protected ByteSink initialValue() {
            return new ByteSink(512);
        }
    };

    private final RemotingMetrics metrics;

    FrameEncoder(RemotingMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        ByteBuf encoded;
        try {
            if (msg instanceof RemotingCommand command) {
                encoded = encode(ctx.alloc(), command);
            } else if (msg instanceof ZeroCopyFrame frame) {
                encoded = encode(ctx.alloc(), frame);
            } else {
                ctx.write(msg, promise);
                return;
            }
        } catch (IllegalArgumentException unencodable) {
            // A header over 16 MiB or a frame over 2 GiB: the caller's mistake, reported through its promise.
            promise.setFailure(unencodable);
            return;
        }
        metrics.framesOut.increment();
        ctx.write(encoded, promise);
    }

    private static ByteBuf encode(ByteBufAllocator alloc, RemotingCommand command) {
        ByteSink sink = header(command, command.bodyLength());
        byte[] body = command.body();
        if (body == null || body.length <= COPY_BODY_LIMIT) {
            ByteBuf buf = alloc.buffer(sink.size() + command.bodyLength());
            buf.writeBytes(sink.array(), 0, sink.size());
            if (body != null) {
                buf.writeBytes(body);
            }
            return buf;
        }
        ByteBuf header = alloc.buffer(sink.size()).writeBytes(sink.array(), 0, sink.size());
        return Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(body));
    }

    private static ByteBuf encode(ByteBufAllocator alloc, ZeroCopyFrame frame) {
        ZeroCopyBody body = frame.body();
        ByteSink sink = header(frame.header(), body.length());
        CompositeByteBuf out = alloc.compositeDirectBuffer(1 + body.buffers().size());
        out.addComponent(true, alloc.directBuffer(sink.size()).writeBytes(sink.array(), 0, sink.size()));
        for (ByteBuffer part : body.buffers()) {
            if (part.hasRemaining()) {
                // A view of the caller's memory: nothing is copied, and releasing the view never frees it.
                out.addComponent(true, Unpooled.wrappedBuffer(part.duplicate()));
            }
        }
        return out;
    }

    private static ByteSink header(RemotingCommand command, int bodyLength) {
        ByteSink sink = SINK.get();
        sink.reset();
        RemotingFrameCodec.encodeHeader(command, bodyLength, sink);
        return sink;
    }
}
