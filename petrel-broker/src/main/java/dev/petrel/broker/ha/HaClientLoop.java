package dev.petrel.broker.ha;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The slave's HA client (RocketMQ's DefaultHAClient): connects to the master's HA address, reports its CommitLog max
 * offset, appends every received frame exactly at that offset and reports again; reconnects with back-off after any
 * failure. A frame that does not continue the local log, a frame above the bound and a stream torn inside a frame
 * are refused: the connection is closed, the error logged (each distinct error once at WARN), nothing stored is
 * touched, and the next connection resumes from the local max offset.
 *
 * <p>Owns the thread {@code petrel-ha-client}; the master address may be changed from any thread
 * ({@link #setMasterAddress}).
 */
public final class HaClientLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(HaClientLoop.class);
    private static final int CONNECT_TIMEOUT_MILLIS = 5000;
    /** Longest blocking read: the loop looks at stop requests and address changes at least this often. */
    private static final int MAX_READ_WAIT_MILLIS = 1000;

    /** Reconnect delays: start at {@code initialMillis}, double per failure, at most {@code maxMillis}. */
    public record Backoff(long initialMillis, long maxMillis) {
        /** Apache waits 5 s between attempts; Petrel starts at 1 s and backs off to 5 s. */
        public static final Backoff DEFAULT = new Backoff(1000, 5000);
    }

    private final ReplicaSink sink;
    private final HaConfig.Settings settings;
    private final Clock clock;
    private final Backoff backoff;
    private final AtomicReference<String> masterAddress = new AtomicReference<>();
    private final SlaveFollowState follow;
    private final TransferFrameReader frames = new TransferFrameReader(TransferFrameCodec.DEFAULT_MAX_BODY_SIZE);
    private final AtomicLong refusedStreams = new AtomicLong();
    private final AtomicLong receivedBytes = new AtomicLong();
    private final TransferRate rate;
    private volatile long lastReadMillis;
    private volatile long lastWriteMillis;
    private volatile Socket socket;
    private volatile boolean connected;
    private String lastError;

    public HaClientLoop(ReplicaSink sink, HaConfig.Settings settings, Clock clock, Backoff backoff) {
        super("petrel-ha-client");
        this.sink = sink;
        this.settings = settings;
        this.clock = clock;
        this.backoff = backoff;
        this.rate = new TransferRate(clock.millis());
        this.follow = new SlaveFollowState(sink.fileSize(), settings.heartbeatIntervalMillis(),
            settings.housekeepingIntervalMillis());
        if (settings.haMasterAddress() != null) {
            masterAddress.set(settings.haMasterAddress());
        }
    }

    /** The master's HA address {@code host:port} (from registration); null keeps the current one. */
    public void setMasterAddress(String address) {
        if (address == null || address.isBlank()) {
            return;
        }
        String old = masterAddress.getAndSet(address.trim());
        if (!address.trim().equals(old)) {
            LOG.info("HA master address {} (was {})", address.trim(), old);
            Socket s = socket;
            if (s != null && old != null) {
                closeQuietly(s); // reconnect to the new master
            }
            wake();
        }
    }

    public String masterAddress() {
        return masterAddress.get();
    }

    public boolean isConnected() {
        return connected;
    }

    /** CommitLog bytes received from masters since start. */
    public long receivedBytes() {
        return receivedBytes.get();
    }

    /** CommitLog bytes received in the last whole second. */
    public long bytesPerSecond() {
        return rate.perSecond(clock.millis());
    }

    /** Wall-clock millis of the last bytes read from a master, 0 for never. */
    public long lastReadMillis() {
        return lastReadMillis;
    }

    /** Wall-clock millis of the last offset report written to a master, 0 for never. */
    public long lastWriteMillis() {
        return lastWriteMillis;
    }

    /** Connections closed because the master's stream broke the protocol. */
    public long refusedStreams() {
        return refusedStreams.get();
    }

    @Override
    public void run() {
        long delay = backoff.initialMillis();
        while (isRunning()) {
            String addr = masterAddress.get();
            if (addr == null) {
                park(TimeUnit.MILLISECONDS.toNanos(MAX_READ_WAIT_MILLIS));
                continue;
            }
            boolean gotData = false;
            try {
                gotData = follow(addr);
            } catch (HaProtocolException e) {
                refusedStreams.incrementAndGet();
                report("HA stream from master " + addr + " refused: " + e.getMessage()
                    + "; the slave keeps its CommitLog up to " + sink.maxOffset() + " and reconnects");
            } catch (IOException e) {
                report("HA connection to master " + addr + " failed: " + e);
            } finally {
                connected = false;
                Socket s = socket;
                socket = null;
                if (s != null) {
                    closeQuietly(s);
                }
            }
            if (!isRunning()) {
                return;
            }
            delay = gotData ? backoff.initialMillis() : Math.min(backoff.maxMillis(), delay);
            park(TimeUnit.MILLISECONDS.toNanos(delay));
            delay = Math.min(backoff.maxMillis(), delay * 2);
        }
    }

    private void report(String error) {
        if (!error.equals(lastError)) {
            LOG.warn(error);
            lastError = error;
        } else {
            LOG.debug(error);
        }
    }

    /** One connection; returns whether any frame arrived. */
    private boolean follow(String addr) throws IOException {
        InetSocketAddress target = parse(addr);
        Socket s = new Socket();
        socket = s;
        s.setTcpNoDelay(true);
        s.connect(target, CONNECT_TIMEOUT_MILLIS);
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        frames.reset();
        sink.connected();
        follow.connected(clock.millis());
        connected = true;
        LOG.info("HA client connected to master {} at CommitLog offset {}", addr, sink.maxOffset());
        boolean gotData = false;
        byte[] report = new byte[OffsetReportCodec.SIZE];
        while (isRunning() && addr.equals(masterAddress.get())) {
            reportIfDue(out, report);
            long now = clock.millis();
            s.setSoTimeout((int) Math.min(MAX_READ_WAIT_MILLIS, follow.millisToNextReport(now)));
            ByteBuffer w = frames.writable();
            int n;
            try {
                n = in.read(w.array(), w.arrayOffset() + w.position(), w.remaining());
            } catch (SocketTimeoutException e) {
                String expired = follow.expired(clock.millis());
                if (expired != null) {
                    throw new IOException(expired);
                }
                continue;
            }
            if (n < 0) {
                frames.endOfStream();
                throw new IOException("the master closed the connection");
            }
            w.position(w.position() + n);
            long readAt = clock.millis();
            lastReadMillis = readAt;
            follow.read(readAt);
            TransferFrameReader.Frame f;
            while ((f = frames.next()) != null) {
                follow.check(f.offset(), f.body().remaining(), sink.streamOffset());
                if (!f.isHeartbeat()) {
                    int size = f.body().remaining();
                    sink.appendReplicated(f.offset(), f.body());
                    receivedBytes.addAndGet(size);
                    rate.add(size, clock.millis());
                    gotData = true;
                    lastError = null;
                }
            }
            TransferFrameCodec.Header pending = frames.pendingHeader();
            if (pending != null) {
                follow.check(pending.offset(), pending.bodySize(), sink.streamOffset());
            }
        }
        return gotData;
    }

    private void reportIfDue(OutputStream out, byte[] scratch) throws IOException {
        long now = clock.millis();
        long due = follow.reportDue(now, sink.maxOffset());
        if (due >= 0) {
            ByteBuffer.wrap(scratch).putLong(due);
            out.write(scratch);
            out.flush();
            follow.reported(due, now);
            lastWriteMillis = now;
        }
    }

    private static InetSocketAddress parse(String addr) throws IOException {
        int colon = addr.lastIndexOf(':');
        if (colon <= 0 || colon == addr.length() - 1) {
            throw new IOException("HA master address '" + addr + "' is not host:port");
        }
        try {
            return new InetSocketAddress(addr.substring(0, colon), Integer.parseInt(addr.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new IOException("HA master address '" + addr + "' is not host:port: " + e.getMessage());
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            LOG.debug("closing HA socket", e);
        }
    }

    public void stop() throws InterruptedException {
        Socket s = socket;
        if (s != null) {
            closeQuietly(s);
        }
        stopThread();
    }
}
