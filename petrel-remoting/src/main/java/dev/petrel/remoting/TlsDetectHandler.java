package dev.petrel.remoting;

import dev.petrel.remoting.tls.ReloadingSslContext;
import dev.petrel.remoting.tls.TlsMode;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first stage of a server connection when TLS is not disabled: looks at the connection's first byte without
 * consuming it and decides, once, what the connection is. {@code 0x16} (a TLS handshake record, the start of every
 * ClientHello) puts an {@code SslHandler} from the current context in its place; anything else is plaintext (a
 * RocketMQ frame starts with its big-endian length, whose first byte is 0 for any frame under 16 MiB), served in
 * permissive mode and closed in enforcing mode before a single frame is read. Then the stage removes itself and the
 * bytes it held flow on unchanged. One instance per connection; runs on the connection's I/O thread (a context still
 * being made, test mode's self-signed one, is waited for off that thread, holding the connection's bytes).
 */
final class TlsDetectHandler extends ByteToMessageDecoder {

    private static final Logger LOG = LoggerFactory.getLogger(TlsDetectHandler.class);
    /** TLS record type 22, handshake (RFC 8446 section 5.1). */
    static final byte TLS_HANDSHAKE = 0x16;

    private final TlsMode mode;
    private final ReloadingSslContext contexts;
    private final EndpointContext endpoint;
    private boolean waiting;

    TlsDetectHandler(TlsMode mode, ReloadingSslContext contexts, EndpointContext endpoint) {
        this.mode = mode;
        this.contexts = contexts;
        this.endpoint = endpoint;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (!in.isReadable()) {
            return;
        }
        if (waiting) {
            return; // bytes accumulate until the context exists
        }
        if (in.getByte(in.readerIndex()) == TLS_HANDSHAKE) {
            SslContext ready = contexts.ready();
            if (ready == null) {
                // Test mode's self-signed certificate is being made off this I/O thread; the ClientHello waits.
                waiting = true;
                contexts.whenReady().whenComplete((context, error) -> ctx.executor().execute(() -> {
                    if (!ctx.channel().isActive() || ctx.isRemoved()) {
                        return;
                    }
                    if (error != null) {
                        refuse(ctx, internalBuffer(), "a TLS client, but this server cannot serve TLS: "
                            + error.getMessage());
                    } else {
                        ctx.pipeline().addAfter(ctx.name(), "tls", context.newHandler(ctx.alloc()));
                        ctx.pipeline().remove(this);
                    }
                }));
                return;
            }
            ctx.pipeline().addAfter(ctx.name(), "tls", ready.newHandler(ctx.alloc()));
        } else if (mode == TlsMode.ENFORCING) {
            refuse(ctx, in, "a plaintext client; tls.server.mode=enforcing accepts TLS connections only (the client "
                + "must turn TLS on: tls.enable=true, or setUseTLS(true))");
            return;
        }
        ctx.pipeline().remove(this);
    }

    private void refuse(ChannelHandlerContext ctx, ByteBuf in, String why) {
        endpoint.metrics.tlsRefused.increment();
        String suffix = endpoint.badFrameLog.tryAcquire(endpoint.clock.nanos());
        if (suffix != null) {
            LOG.warn("{}: closing connection from {}: {}{}", endpoint.name,
                NettyConnection.format(ctx.channel().remoteAddress()), why, suffix);
        }
        in.skipBytes(in.readableBytes());
        ctx.close();
    }
}
