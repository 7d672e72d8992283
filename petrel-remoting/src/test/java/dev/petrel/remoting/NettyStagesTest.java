package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.frame.RemotingFrameCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.internal.PlatformDependent;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The decoder and encoder stages alone, on an embedded channel. */
class NettyStagesTest {

    @Test
    void decoderCutsFramesWhateverTheReadBoundaries() {
        RemotingMetrics metrics = new RemotingMetrics();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1 << 20, metrics));
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            frames.add(RemotingFrameCodec.encode(RemotingCommand.request(34, Map.of("i", "" + i), new byte[i * 100])
                .withOpaque(i)));
        }
        ByteBuf all = Unpooled.buffer();
        frames.forEach(all::writeBytes);
        // Deliver in odd-sized pieces, including single bytes.
        int[] pieces = {1, 3, 7, 2, 150, 1, 1, 999, 64};
        int p = 0;
        while (all.isReadable()) {
            int n = Math.min(pieces[p++ % pieces.length], all.readableBytes());
            channel.writeInbound(all.readRetainedSlice(n));
        }

        for (int i = 0; i < 5; i++) {
            RemotingCommand c = channel.readInbound();
            assertThat(c.opaque()).isEqualTo(i);
            assertThat(c.extField("i")).isEqualTo("" + i);
            assertThat(c.bodyLength()).isEqualTo(i * 100);
        }
        assertThat((Object) channel.readInbound()).isNull();
        assertThat(metrics.framesIn()).isEqualTo(5);
        all.release();
        channel.finishAndReleaseAll();
    }

    @Test
    void decoderReportsAndThenIgnoresEverythingAfterABadFrame() {
        RemotingMetrics metrics = new RemotingMetrics();
        List<Throwable> caught = new ArrayList<>();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1024, metrics), new ChannelInboundHandlerAdapter() {
            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                caught.add(cause);
            }
        });
        channel.writeInbound(Unpooled.wrappedBuffer(ByteBuffer.allocate(8).putInt(5000).putInt(0).flip()));
        channel.writeInbound(Unpooled.wrappedBuffer(RemotingFrameCodec.encode(RemotingCommand.request(1, null, null))));

        assertThat(caught).singleElement().isInstanceOf(MalformedFrameException.class)
            .extracting(Throwable::getMessage).asString()
            .startsWith("frame length 5000 (plus the 4-byte length field) exceeds the maximum of 1024 bytes");
        assertThat((Object) channel.readInbound()).as("nothing decoded after the bad frame").isNull();
        assertThat(metrics.badFrames()).isEqualTo(1);
        channel.finishAndReleaseAll();
    }

    @Test
    void zeroCopyBodyIsLinkedNotCopied() {
        RemotingMetrics metrics = new RemotingMetrics();
        EmbeddedChannel channel = new EmbeddedChannel(new FrameEncoder(metrics));
        ByteBuffer mapped = ByteBuffer.allocateDirect(4096);
        for (int i = 0; i < 4096; i++) {
            mapped.put(i, (byte) i);
        }
        ByteBuffer slice = mapped.duplicate().position(1000).limit(3000).slice();
        AtomicInteger released = new AtomicInteger();
        RemotingCommand header = RemotingCommand.request(0, null, null).withOpaque(3);

        channel.writeOutbound(new ZeroCopyFrame(header, ZeroCopyBody.of(slice, released::incrementAndGet)));

        CompositeByteBuf out = channel.readOutbound();
        assertThat(out.numComponents()).isEqualTo(2);
        ByteBuf body = out.component(1);
        assertThat(body.hasMemoryAddress()).isTrue();
        assertThat(body.memoryAddress()).as("the body points into the mapped memory itself")
            .isEqualTo(PlatformDependent.directBufferAddress(mapped) + 1000);
        byte[] headerBytes = RemotingFrameCodec.encodeHeader(header, 2000);
        assertThat(ByteBufUtilBytes.of(out.component(0))).isEqualTo(headerBytes);
        assertThat(out.readableBytes()).isEqualTo(headerBytes.length + 2000);
        assertThat(mapped.position()).isZero();
        out.release();
        assertThat(released.get()).as("release is the caller's listener's job").isZero();
        channel.finishAndReleaseAll();
    }

    @Test
    void unencodableCommandFailsItsWriteNotTheChannel() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameEncoder(new RemotingMetrics()));
        RemotingCommand huge = RemotingCommand.newRequest(1).remark("x".repeat(RemotingFrameCodec.MAX_HEADER_LENGTH)).build();

        ChannelPromise promise = channel.newPromise();
        channel.writeAndFlush(huge, promise);

        assertThat(promise.isSuccess()).isFalse();
        assertThat(promise.cause()).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("24-bit header length");
        assertThat(channel.isActive()).isTrue();
        channel.finishAndReleaseAll();
    }

    /** Copies a buffer's readable bytes. */
    static final class ByteBufUtilBytes {
        static byte[] of(ByteBuf buf) {
            byte[] b = new byte[buf.readableBytes()];
            buf.getBytes(buf.readerIndex(), b);
            return b;
        }
    }
}
