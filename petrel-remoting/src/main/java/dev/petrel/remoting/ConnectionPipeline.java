package dev.petrel.remoting;

import dev.petrel.remoting.tls.ReloadingSslContext;
import dev.petrel.remoting.tls.TlsMode;
import dev.petrel.remoting.tls.TlsSetupException;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateHandler;

/**
 * The handler chain every connection of one endpoint gets, whether the server accepted it or the client dialled it:
 * TLS first when configured (a server's {@link TlsDetectHandler}, a client's {@code SslHandler}), idle detection
 * (when enabled), the bounded frame decoder, the endpoint's shared encoder and the connection handler
 * that dispatches requests to the processor table. Keeping it in one place is what makes a server and a client
 * treat bad frames, idleness and back-pressure identically.
 */
final class ConnectionPipeline {

    private final EndpointContext endpoint;
    private final RequestDispatcher dispatcher;
    private final FrameEncoder encoder;
    private final int frameMaxLength;
    private final int idleSeconds;
    /** A server's TLS mode; null for a client. */
    private final TlsMode serverMode;
    /** Contexts for new connections; null when TLS is off (a disabled server, a plaintext client). */
    private final ReloadingSslContext tls;
    /** A client's TLS handshake budget, counted from the connection's start. */
    private final long handshakeTimeoutMillis;

    ConnectionPipeline(EndpointContext endpoint, ProcessorTable processors, int frameMaxLength, int idleSeconds,
                       TlsMode serverMode, ReloadingSslContext tls, long handshakeTimeoutMillis) {
        this.handshakeTimeoutMillis = handshakeTimeoutMillis;
        this.serverMode = serverMode;
        this.tls = tls;
        this.endpoint = endpoint;
        this.dispatcher = new RequestDispatcher(processors, endpoint);
        this.encoder = new FrameEncoder(endpoint.metrics);
        this.frameMaxLength = frameMaxLength;
        this.idleSeconds = idleSeconds;
    }

    /** Installs the chain on a new channel; returns the connection it serves. Runs on the channel's event loop. */
    NettyConnection install(SocketChannel ch) {
        NettyConnection connection = new NettyConnection(ch, endpoint);
        if (tls != null) {
            if (serverMode != null) {
                ch.pipeline().addLast("tls-detect", new TlsDetectHandler(serverMode, tls, endpoint));
            } else {
                try {
                    SslHandler ssl = tls.current().newHandler(ch.alloc());
                    ssl.setHandshakeTimeoutMillis(handshakeTimeoutMillis);
                    ch.pipeline().addLast("tls", ssl);
                } catch (TlsSetupException e) {
                    throw new IllegalStateException("a client's TLS context is built at construction", e);
                }
            }
        }
        if (idleSeconds > 0) {
            ch.pipeline().addLast("idle", new IdleStateHandler(0, 0, idleSeconds));
        }
        ch.pipeline().addLast("decoder", new FrameDecoder(frameMaxLength, endpoint.metrics))
            .addLast("encoder", encoder)
            .addLast("connection", new ConnectionHandler(connection, endpoint, dispatcher, idleSeconds));
        return connection;
    }

    /** {@code given} when a caller (a test's counting allocator) passed one, else the configured choice. */
    static ByteBufAllocator allocator(ByteBufAllocator given, boolean pooled) {
        if (given != null) {
            return given;
        }
        return pooled ? PooledByteBufAllocator.DEFAULT : ByteBufAllocator.DEFAULT;
    }
}
