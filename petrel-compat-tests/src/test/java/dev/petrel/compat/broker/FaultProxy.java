package dev.petrel.compat.broker;

import dev.petrel.testkit.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;

/**
 * A TCP proxy for one direction of one link between two processes (127.0.0.1:{@code port} → 127.0.0.1:{@code target}),
 * which a test can cut and heal, to partition real processes without network namespaces.
 *
 * <p>Open: every accepted connection is joined to a new connection to the target and bytes are copied both ways (two
 * threads per connection). {@link #cut}, per {@link Cut}:
 * <ul>
 *   <li>{@link Cut#REFUSE}: every connection is reset (both sides) and the listening socket closed, so a connect is
 *       refused (a peer process that died);</li>
 *   <li>{@link Cut#BLACK_HOLE}: every connection is reset; new ones are still accepted but never joined or read, so
 *       the connecting side's writes fill its buffers and nothing comes back (the slow failure, found by timeouts
 *       only); {@link #heal} closes them, so that their owners connect anew;</li>
 *   <li>{@link Cut#STALL}: nothing is reset: bytes stop moving on every connection and new ones are held unjoined,
 *       as when a route is lost and TCP keeps retransmitting; {@link #heal} delivers what was held, late, in order,
 *       and joins the held connections.</li>
 * </ul>
 * The port stays this test JVM's ({@code FreePorts} reservations last as long as the JVM), so listening again after a
 * refusal is safe.
 *
 * <p>Threads: an acceptor ({@code fault-proxy-<port>}) and two copiers per connection; the state changes under this
 * object's monitor.
 */
final class FaultProxy implements AutoCloseable {

    /** How a cut link treats new connections. */
    enum Cut { REFUSE, BLACK_HOLE, STALL }

    private final int port;
    private final int target;
    private final List<Socket> sockets = new ArrayList<>();
    /** Accepted while cut (BLACK_HOLE, STALL), not joined. */
    private final List<Socket> held = new ArrayList<>();
    private ServerSocket server;
    private Thread acceptor;
    private Cut cut;
    private boolean closed;

    private FaultProxy(int port, int target) {
        this.port = port;
        this.target = target;
    }

    /** Listens on 127.0.0.1:{@code port} (reserved by the caller) and forwards to 127.0.0.1:{@code target}. */
    static FaultProxy start(int port, int target) {
        FaultProxy p = new FaultProxy(port, target);
        synchronized (p) {
            p.listen();
        }
        return p;
    }

    /**
     * Listens on a port from {@link FreePorts} and forwards to 127.0.0.1:{@code target}. A reserved port can still be
     * held by a process that does not take part in the reservations (run 27: "Address already in use" on a port
     * reserved a moment before), so a bind failure draws another port, a few times.
     */
    static FaultProxy startOnFreePort(int target) {
        UncheckedIOException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                return start(FreePorts.next(), target);
            } catch (UncheckedIOException e) {
                last = e;
            }
        }
        throw last;
    }

    int port() {
        return port;
    }

    /** Drops every connection and treats new ones as {@code how} says, until {@link #heal}. */
    synchronized void cut(Cut how) {
        if (cut != null) {
            throw new IllegalStateException("proxy " + port + " is already cut (" + cut + ")");
        }
        cut = how;
        if (how == Cut.REFUSE) {
            closeQuietly(server);
        }
        if (how != Cut.STALL) {
            dropAll();
        }
    }

    /** Forwards again; black-holed connections are closed so that their owners connect anew. */
    synchronized void heal() {
        if (cut == null) {
            return;
        }
        Cut was = cut;
        cut = null;
        notifyAll(); // stalled copiers deliver what they hold
        List<Socket> waiting = new ArrayList<>(held);
        held.clear();
        if (was == Cut.STALL) {
            for (Socket in : waiting) {
                Thread t = new Thread(() -> join(in), "fault-proxy-" + port + "-join");
                t.setDaemon(true);
                t.start();
            }
        } else {
            waiting.forEach(FaultProxy::reset);
        }
        if (was == Cut.REFUSE) {
            listen();
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        notifyAll();
        closeQuietly(server);
        held.forEach(FaultProxy::reset);
        held.clear();
        dropAll();
    }

    private void listen() {
        try {
            ServerSocket s = new ServerSocket();
            s.setReuseAddress(true);
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            server = s;
        } catch (IOException e) {
            throw new UncheckedIOException("fault proxy cannot listen on " + port, e);
        }
        ServerSocket s = server;
        acceptor = new Thread(() -> acceptLoop(s), "fault-proxy-" + port);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void acceptLoop(ServerSocket s) {
        while (true) {
            Socket in;
            try {
                in = s.accept();
            } catch (IOException e) {
                return; // closed by cut(REFUSE) or close()
            }
            accepted(in);
        }
    }

    private void accepted(Socket in) {
        synchronized (this) {
            if (closed) {
                closeQuietly(in);
                return;
            }
            if (cut != null) {
                held.add(in); // unread until heal()
                return;
            }
        }
        join(in);
    }

    /** Connects to the target and copies both ways. */
    private void join(Socket in) {
        Socket out = new Socket();
        try {
            out.setTcpNoDelay(true);
            in.setTcpNoDelay(true);
            out.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), target), 5_000);
        } catch (IOException e) {
            closeQuietly(in); // the target is down: the connecting side sees its connection closed
            closeQuietly(out);
            return;
        }
        synchronized (this) {
            if (closed || (cut != null && cut != Cut.STALL)) { // cut while connecting
                closeQuietly(in);
                closeQuietly(out);
                return;
            }
            sockets.add(in);
            sockets.add(out);
        }
        copier(in, out, "up").start();
        copier(out, in, "down").start();
    }

    private Thread copier(Socket from, Socket to, String direction) {
        Thread t = new Thread(() -> {
            byte[] buf = new byte[64 * 1024];
            try (InputStream i = from.getInputStream(); OutputStream o = to.getOutputStream()) {
                int n;
                while ((n = i.read(buf)) >= 0) {
                    if (!awaitFlowing()) {
                        break;
                    }
                    o.write(buf, 0, n);
                }
            } catch (IOException e) {
                // dropped by cut() or closed by an end: the other copier ends as well
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                forget(from, to);
            }
        }, "fault-proxy-" + port + "-" + direction);
        t.setDaemon(true);
        return t;
    }

    /** Waits while the link is stalled; false once the proxy is closed. */
    private synchronized boolean awaitFlowing() {
        while (cut == Cut.STALL && !closed) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return !closed;
    }

    private synchronized void forget(Socket a, Socket b) {
        sockets.remove(a);
        sockets.remove(b);
    }

    /** Resets every connection (SO_LINGER 0: no orderly close, as when a route dies and a side times out). */
    private void dropAll() {
        sockets.forEach(FaultProxy::reset);
        sockets.clear();
    }

    private static void reset(Socket s) {
        try {
            s.setSoLinger(true, 0);
        } catch (SocketException e) {
            // already closed
        }
        closeQuietly(s);
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            // closing is best effort
        }
    }
}
