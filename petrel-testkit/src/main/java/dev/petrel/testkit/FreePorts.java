package dev.petrel.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/**
 * Picks free loopback TCP ports for servers started by tests. A port is handed out at most once per JVM, so two
 * servers in one test never get the same one; the OS may still give it away between the probe and the bind, which
 * is why servers in tests bind promptly after asking.
 */
public final class FreePorts {

    private static final Set<Integer> HANDED_OUT = new HashSet<>();

    private FreePorts() {
    }

    /** A free port on 127.0.0.1. */
    public static synchronized int next() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = probe();
            if (HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port found after 100 probes");
    }

    /**
     * A free port p such that p-2 .. p+2 are free too: RocketMQ brokers also bind listenPort-2 (VIP channel) and
     * listenPort+1 (HA).
     */
    public static synchronized int nextWithNeighbours() {
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = probe();
            if (port < 1030 || port > 65530) {
                continue;
            }
            boolean free = true;
            for (int p = port - 2; p <= port + 2 && free; p++) {
                free = !HANDED_OUT.contains(p) && (p == port || isFree(p));
            }
            if (free) {
                for (int p = port - 2; p <= port + 2; p++) {
                    HANDED_OUT.add(p);
                }
                return port;
            }
        }
        throw new IllegalStateException("no free port range found after 200 probes");
    }

    private static int probe() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot probe for a free port", e);
        }
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
