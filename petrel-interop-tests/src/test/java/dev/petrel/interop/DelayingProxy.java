package dev.petrel.interop;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A TCP proxy that stalls a server: requests pass straight through, every chunk of response bytes is held back for
 * the current {@link #delayMillis} after it arrived (in order). A delay of 0 is a plain proxy. Threads: one acceptor,
 * and per connection one upstream pump, one downstream reader and one downstream writer.
 */
final class DelayingProxy implements AutoCloseable {

    private record Chunk(byte[] bytes, int length, long releaseNanos) {
    }

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile long delayMillis;
    private volatile boolean closed;

    /** Listens on {@code listen} and forwards to {@code target}. */
    DelayingProxy(InetSocketAddress listen, InetSocketAddress target) throws IOException {
        this.target = target;
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(listen);
        Thread acceptor = new Thread(this::accept, "proxy-accept-" + listen.getPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    void delayMillis(long millis) {
        this.delayMillis = millis;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket();
                upstream.connect(target, 3_000);
                client.setTcpNoDelay(true);
                upstream.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(upstream);
                start("proxy-up", () -> pump(client, upstream));
                LinkedBlockingQueue<Chunk> pending = new LinkedBlockingQueue<>();
                start("proxy-down-read", () -> readDown(upstream, client, pending));
                start("proxy-down-write", () -> writeDown(client, upstream, pending));
            } catch (IOException e) {
                if (!closed) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
                }
            }
        }
    }

    private static void start(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void pump(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            byte[] buf = new byte[64 * 1024];
            int n;
            while ((n = in.read(buf)) >= 0) {
                out.write(buf, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // a side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void readDown(Socket from, Socket to, LinkedBlockingQueue<Chunk> pending) {
        try (InputStream in = from.getInputStream()) {
            while (true) {
                byte[] buf = new byte[64 * 1024];
                int n = in.read(buf);
                if (n < 0) {
                    break;
                }
                pending.add(new Chunk(buf, n, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis)));
            }
        } catch (IOException e) {
            // a side closed
        } finally {
            pending.add(new Chunk(null, -1, 0));
        }
    }

    private static void writeDown(Socket to, Socket from, LinkedBlockingQueue<Chunk> pending) {
        try (OutputStream out = to.getOutputStream()) {
            while (true) {
                Chunk c = pending.take();
                if (c.length() < 0) {
                    break;
                }
                long wait;
                while ((wait = c.releaseNanos() - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                out.write(c.bytes(), 0, c.length());
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // a side closed
        } finally {
            closeQuietly(to);
            closeQuietly(from);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        sockets.forEach(DelayingProxy::closeQuietly);
    }
}
