package dev.petrel.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Hands out loopback TCP ports for servers that tests start, so that no two servers of this machine's test runs are
 * ever given the same port, even between a probe and a bind made seconds later in a child process, and even when a
 * server is restarted on its port.
 *
 * <p>Why probing for a free port (bind to port 0, close, hand the number out) is not enough: the kernel draws port 0
 * binds and the source ports of outgoing connections from the ephemeral range, so the probed port can be taken by any
 * connection (a client of another test, Maven downloading) before the server binds it. Two measures close that race:
 * <ol>
 *   <li>ports are chosen <em>below</em> the ephemeral range ({@code /proc/sys/net/ipv4/ip_local_port_range}, 32768 by
 *   default), which the kernel never hands out by itself; only a program that names the port can take it;</li>
 *   <li>every port handed out is reserved machine-wide by an exclusive lock on a file named for it under
 *   {@code java.io.tmpdir/petrel-test-ports}, held until this JVM exits (the OS drops the lock even on SIGKILL), so
 *   parallel test forks and parallel builds skip each other's ports. A port is also probed before it is handed out,
 *   in case a program outside the tests holds it.</li>
 * </ol>
 * A port stays reserved for the whole life of the test JVM, so a broker restarted on its port (after a kill -9)
 * finds it still free of other tests.
 */
public final class FreePorts {

    /** Lowest port handed out: clear of the well-known and of the common registered service ports below it. */
    private static final int LOWEST = 12_000;
    private static final int ATTEMPTS = 2_000;
    private static final Path LOCK_DIR = Path.of(System.getProperty("java.io.tmpdir"), "petrel-test-ports");

    /** The locks this JVM holds, by port; never released before exit. */
    private static final Map<Integer, FileChannel> HELD = new HashMap<>();
    private static final int HIGHEST = ephemeralLow() - 1;

    private FreePorts() {
    }

    /**
     * A free port p on 127.0.0.1, reserved for this JVM, with p+1 free and reserved too: a Petrel or RocketMQ master
     * broker on p listens for its slaves on p+1 (haListenPort's default).
     */
    public static synchronized int next() {
        return nextRun(2, 0);
    }

    /**
     * A free port p such that p-2 .. p+2 are free and reserved too: RocketMQ brokers also bind listenPort-2 (VIP channel)
     * and listenPort+1 (HA).
     */
    public static synchronized int nextWithNeighbours() {
        return nextRun(5, 2);
    }

    /** Reserves {@code count} consecutive free ports and returns the one {@code offset} above the lowest. */
    private static int nextRun(int count, int offset) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int first = LOWEST + random.nextInt(HIGHEST - LOWEST - count);
            if (reserveRun(first, count)) {
                return first + offset;
            }
        }
        throw new IllegalStateException("no run of " + count + " free ports found in [" + LOWEST + ", " + HIGHEST + "] after "
            + ATTEMPTS + " attempts; reservations are files under " + LOCK_DIR);
    }

    private static boolean reserveRun(int first, int count) {
        for (int p = first; p < first + count; p++) {
            if (HELD.containsKey(p)) {
                release(first, p);
                return false;
            }
            FileChannel lock = tryLock(p);
            if (lock == null) {
                release(first, p);
                return false;
            }
            HELD.put(p, lock);
            if (!isFree(p)) {
                release(first, p + 1);
                return false;
            }
        }
        return true;
    }

    /** Drops the reservations of ports [from, to) taken by a run that failed half-way. */
    private static void release(int from, int to) {
        for (int p = from; p < to; p++) {
            FileChannel channel = HELD.remove(p);
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // closing a lock file cannot lose anything
                }
            }
        }
    }

    private static FileChannel tryLock(int port) {
        FileChannel channel = null;
        try {
            Files.createDirectories(LOCK_DIR);
            channel = FileChannel.open(LOCK_DIR.resolve(port + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock != null) {
                return channel;
            }
        } catch (OverlappingFileLockException e) {
            // held by this JVM already
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reserve port " + port + " under " + LOCK_DIR, e);
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing was reserved
        }
        return null;
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

    /** The lowest port of the kernel's ephemeral range (Linux), or 32768 where it cannot be read. */
    private static int ephemeralLow() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
            int low = Integer.parseInt(lines.get(0).trim().split("\\s+")[0]);
            return Math.max(low, LOWEST + 1_000);
        } catch (IOException | RuntimeException e) {
            return 32_768;
        }
    }
}
