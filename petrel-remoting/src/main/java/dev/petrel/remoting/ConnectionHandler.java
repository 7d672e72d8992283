package dev.petrel.remoting;

import dev.petrel.protocol.frame.MalformedFrameException;
import dev.petrel.protocol.frame.RemotingCommand;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The last inbound stage of every channel: tells responses (matched to waiting calls) from requests (dispatched),
 * and turns the channel's life into connection events: connected, idle, exception, closed. Any failure closes only
 * this channel.
 *
 * <p>One instance per channel, run by its I/O thread.
 */
final class ConnectionHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHandler.class);

    private final NettyConnection connection;
    private final EndpointContext endpoint;
    private final RequestDispatcher dispatcher;
    private final int idleSeconds;

    ConnectionHandler(NettyConnection connection, EndpointContext endpoint, RequestDispatcher dispatcher, int idleSeconds) {
        this.connection = connection;
        this.endpoint = endpoint;
        this.dispatcher = dispatcher;
        this.idleSeconds = idleSeconds;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        endpoint.connections.add(connection);
        endpoint.metrics.connectionsOpened.increment();
        LOG.debug("{}: connection {} opened ({} -> {})", endpoint.name, connection.id(), connection.remoteAddress(),
            connection.localAddress());
        endpoint.fireConnected(connection);
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        endpoint.connections.remove(connection);
        connection.onClosed();
        endpoint.metrics.connectionsClosed.increment();
        LOG.debug("{}: connection {} to {} closed", endpoint.name, connection.id(), connection.remoteAddress());
        endpoint.fireClosed(connection);
        ctx.fireChannelInactive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof RemotingCommand command)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (command.isResponse()) {
            if (!connection.responses().complete(command)) {
                endpoint.metrics.unmatchedResponses.increment();
                LOG.debug("{}: response {} with opaque {} from {} matches no waiting call (timed out?); dropped",
                    endpoint.name, command.code(), command.opaque(), connection.remoteAddress());
            }
        } else {
            dispatcher.dispatch(connection, command);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            endpoint.metrics.idleClosed.increment();
            LOG.info("{}: closing connection to {}: no traffic for {} s", endpoint.name, connection.remoteAddress(),
                idleSeconds);
            endpoint.fireIdle(connection);
            ctx.close();
            return;
        }
        if (event instanceof SslHandshakeCompletionEvent handshake) {
            if (handshake.isSuccess()) {
                endpoint.metrics.tlsConnections.increment();
                LOG.debug("{}: TLS handshake with {} done", endpoint.name, connection.remoteAddress());
            } else {
                endpoint.metrics.tlsHandshakeFailures.increment();
                String suffix = endpoint.badFrameLog.tryAcquire(endpoint.clock.nanos());
                if (suffix != null) {
                    LOG.warn("{}: TLS handshake with {} failed, connection closed: {}{}", endpoint.name,
                        connection.remoteAddress(), TlsFailures.describe(handshake.cause()), suffix);
                }
            }
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof MalformedFrameException) {
            String suffix = endpoint.badFrameLog.tryAcquire(endpoint.clock.nanos());
            if (suffix != null) {
                LOG.warn("{}: closing connection from {}: bad frame: {}{}", endpoint.name, connection.remoteAddress(),
                    cause.getMessage(), suffix);
            } else {
                LOG.debug("{}: closing connection from {}: bad frame: {}", endpoint.name, connection.remoteAddress(),
                    cause.getMessage());
            }
        } else if (TlsFailures.isTls(cause)) {
            // Logged once as the handshake's completion event; after the handshake, TLS errors end the connection.
            LOG.debug("{}: TLS error on connection to {}: {}", endpoint.name, connection.remoteAddress(), cause.toString());
        } else if (cause instanceof IOException) {
            // Resets and broken pipes are how peers go away; not worth more than a line.
            LOG.info("{}: connection to {} failed: {}", endpoint.name, connection.remoteAddress(), cause.toString());
        } else {
            endpoint.errorLog.record(endpoint.name + ": closing connection to " + connection.remoteAddress()
                + " after an unexpected error", cause);
        }
        endpoint.fireException(connection, cause);
        ctx.close();
    }
}
