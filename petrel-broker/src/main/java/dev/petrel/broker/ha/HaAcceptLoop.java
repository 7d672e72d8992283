package dev.petrel.broker.ha;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The master's HA acceptor on {@code haListenPort} (RocketMQ's AcceptSocketService): one {@link SlaveConnection}
 * per accepted slave, streaming the CommitLog from the offset the slave reports. Owns the thread
 * {@code petrel-ha-accept} and every connection it accepted.
 */
public final class HaAcceptLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(HaAcceptLoop.class);

    private final InetSocketAddress bind;
    private final ReplicationSource source;
    private final ReplicaAcks acks;
    private final HaConfig.Settings settings;
    private final Clock clock;
    private final List<SlaveConnection> connections = new CopyOnWriteArrayList<>();
    private volatile ServerSocketChannel server;

    public HaAcceptLoop(InetSocketAddress bind, ReplicationSource source, ReplicaAcks acks, HaConfig.Settings settings,
                        Clock clock) {
        super("petrel-ha-accept");
        this.bind = bind;
        this.source = source;
        this.acks = acks;
        this.settings = settings;
        this.clock = clock;
    }

    /** Binds the port (so a bind failure is reported to the starter) and starts accepting. */
    public void open() throws IOException {
        ServerSocketChannel s = ServerSocketChannel.open();
        s.setOption(StandardSocketOptions.SO_REUSEADDR, true);
        try {
            s.bind(bind);
        } catch (IOException e) {
            s.close();
            throw new IOException("cannot listen for HA slaves on " + bind + " (haListenPort): " + e.getMessage(), e);
        }
        server = s;
        start();
        LOG.info("HA acceptor listening on {}", s.getLocalAddress());
    }

    /** The bound port (useful when binding port 0). */
    public int port() {
        try {
            return ((InetSocketAddress) server.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void run() {
        while (isRunning()) {
            try {
                SocketChannel ch = server.accept();
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                SlaveConnection[] holder = new SlaveConnection[1];
                SlaveConnection c = new SlaveConnection(ch, source, acks, settings, clock,
                    () -> connections.remove(holder[0]));
                holder[0] = c;
                connections.add(c);
                LOG.info("HA slave {} connected", c.slave());
                c.start();
            } catch (ClosedChannelException e) {
                return; // stopping
            } catch (IOException e) {
                if (isRunning()) {
                    LOG.warn("HA accept failed; retrying", e);
                    park(100_000_000L);
                }
            }
        }
    }

    /** New CommitLog bytes are readable: every connection's writer looks now. */
    public void wakeWriters() {
        for (SlaveConnection c : connections) {
            c.wake();
        }
    }

    /** Open slave connections. */
    public int connectionCount() {
        return connections.size();
    }

    /** The open connections' figures, in the order they connected. */
    public List<SlaveConnection.Status> connectionStatus() {
        return connections.stream().filter(c -> !c.isClosed()).map(SlaveConnection::status).toList();
    }

    /** Closes the port and every connection. */
    public void stop() throws InterruptedException {
        ServerSocketChannel s = server;
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                LOG.debug("closing HA acceptor", e);
            }
        }
        stopThread();
        for (SlaveConnection c : connections) {
            c.stop();
        }
    }
}
