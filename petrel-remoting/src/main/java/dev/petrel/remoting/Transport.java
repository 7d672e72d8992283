package dev.petrel.remoting;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The socket implementation: Linux native epoll where its library loads (and is wanted), NIO otherwise. */
final class Transport {

    private static final Logger LOG = LoggerFactory.getLogger(Transport.class);

    final String name;
    final Class<? extends ServerChannel> serverChannel;
    final Class<? extends SocketChannel> socketChannel;
    private final Supplier<IoHandlerFactory> ioHandlers;

    private Transport(String name, Class<? extends ServerChannel> serverChannel,
                      Class<? extends SocketChannel> socketChannel, Supplier<IoHandlerFactory> ioHandlers) {
        this.name = name;
        this.serverChannel = serverChannel;
        this.socketChannel = socketChannel;
        this.ioHandlers = ioHandlers;
    }

    static Transport select(boolean preferEpoll) {
        if (preferEpoll) {
            if (Epoll.isAvailable()) {
                return new Transport("epoll", EpollServerSocketChannel.class, EpollSocketChannel.class,
                    EpollIoHandler::newFactory);
            }
            LOG.info("native epoll unavailable ({}); using NIO", String.valueOf(Epoll.unavailabilityCause()));
        }
        return new Transport("nio", NioServerSocketChannel.class, NioSocketChannel.class, NioIoHandler::newFactory);
    }

    /** An event-loop group of non-daemon threads named {@code threadPrefix-N}. */
    EventLoopGroup newGroup(int threads, String threadPrefix) {
        return new MultiThreadIoEventLoopGroup(threads, new NamedThreadFactory(threadPrefix, false, true), ioHandlers.get());
    }
}
