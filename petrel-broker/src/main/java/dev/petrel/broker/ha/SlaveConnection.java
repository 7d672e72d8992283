package dev.petrel.broker.ha;

import dev.petrel.common.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The master's end of one slave's HA connection: a reader thread that takes the slave's offset reports and a writer
 * thread that streams CommitLog frames as {@link MasterStreamState} decides (RocketMQ's DefaultHAConnection, one
 * read and one write thread per slave). Threads: {@code petrel-ha-read-<slave>} and {@code petrel-ha-write-<slave>},
 * both owned by this connection; the state is guarded by {@link #lock}. Either thread closing the channel ends both.
 */
final class SlaveConnection {

    private static final Logger LOG = LoggerFactory.getLogger(SlaveConnection.class);
    /** Longest writer wait without a wake-up: new CommitLog bytes are also noticed by polling. */
    private static final long MAX_IDLE_MILLIS = 10;

    private final SocketChannel channel;
    private final String slave;
    private final ReplicationSource source;
    private final ReplicaAcks acks;
    private final Clock clock;
    private final Runnable onClosed;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final MasterStreamState state;
    private final Thread reader;
    private final Thread writer;
    private final TransferRate rate;
    private volatile boolean closed;

    /**
     * One connection's figures for GET_BROKER_HA_STATUS.
     *
     * @param slave          the slave's end of the connection, {@code host:port}
     * @param ackedOffset    its last report, -1 before the first
     * @param nextOffset     the next CommitLog offset to send it, -1 before its start is known
     * @param bytesPerSecond CommitLog bytes sent in the last whole second
     */
    public record Status(String slave, long ackedOffset, long nextOffset, long bytesPerSecond) {
    }

    SlaveConnection(SocketChannel channel, ReplicationSource source, ReplicaAcks acks, HaConfig.Settings settings,
                    Clock clock, Runnable onClosed) {
        this.channel = channel;
        this.slave = remote(channel);
        this.source = source;
        this.acks = acks;
        this.clock = clock;
        this.onClosed = onClosed;
        this.state = new MasterStreamState(source.fileSize(), settings.transferBatchSize(),
            settings.heartbeatIntervalMillis(), settings.housekeepingIntervalMillis(), clock.millis());
        this.rate = new TransferRate(clock.millis());
        this.reader = new Thread(this::readLoop, "petrel-ha-read-" + slave);
        this.writer = new Thread(this::writeLoop, "petrel-ha-write-" + slave);
        reader.setDaemon(true);
        writer.setDaemon(true);
    }

    private static String remote(SocketChannel ch) {
        try {
            InetSocketAddress a = (InetSocketAddress) ch.getRemoteAddress();
            return a.getHostString() + ":" + a.getPort();
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    void start() {
        acks.connected(this);
        reader.start();
        writer.start();
    }

    String slave() {
        return slave;
    }

    /** New CommitLog bytes may be readable: the writer looks now. */
    void wake() {
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void readLoop() {
        ByteBuffer buf = ByteBuffer.allocate(1024); // reports are 8 bytes; a burst of them is coalesced
        try {
            while (!closed) {
                int n = channel.read(buf);
                if (n < 0) {
                    close("the slave closed the connection", null);
                    return;
                }
                buf.flip();
                long report = OffsetReportCodec.decodeLast(buf);
                buf.compact();
                if (report != OffsetReportCodec.NONE) {
                    lock.lock();
                    try {
                        state.onReport(report, clock.millis(), source.maxOffset());
                        changed.signalAll();
                    } finally {
                        lock.unlock();
                    }
                    acks.acked(this, report);
                }
            }
        } catch (IOException e) {
            close(e instanceof HaProtocolException ? e.getMessage() : "read failed: " + e, null);
        }
    }

    private void writeLoop() {
        ByteBuffer header = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE);
        try {
            while (!closed) {
                MasterStreamState.Action a;
                lock.lock();
                try {
                    a = state.next(clock.millis(), source.minOffset(), source.confirmedOffset());
                    if (a instanceof MasterStreamState.Idle idle) {
                        changed.await(Math.min(idle.millis(), MAX_IDLE_MILLIS), TimeUnit.MILLISECONDS);
                        continue;
                    }
                } finally {
                    lock.unlock();
                }
                if (a instanceof MasterStreamState.Close c) {
                    close(c.reason(), null);
                    return;
                }
                if (a instanceof MasterStreamState.Heartbeat hb) {
                    header.clear();
                    TransferFrameCodec.encodeHeader(header, hb.offset(), 0);
                    header.flip();
                    writeFully(header);
                    sent(hb.offset(), 0);
                } else if (a instanceof MasterStreamState.Send s) {
                    ReplicationSource.Slice slice = source.read(s.offset(), s.length());
                    if (slice == null) {
                        lockedWait();
                        continue;
                    }
                    int length;
                    try {
                        ByteBuffer body = slice.buffer().duplicate();
                        length = Math.min(body.remaining(), s.length());
                        body.limit(body.position() + length);
                        header.clear();
                        TransferFrameCodec.encodeHeader(header, s.offset(), length);
                        header.flip();
                        ByteBuffer[] frame = {header, body};
                        while (header.hasRemaining() || body.hasRemaining()) {
                            channel.write(frame);
                        }
                    } finally {
                        slice.release();
                    }
                    sent(s.offset(), length);
                }
            }
        } catch (IOException e) {
            close("write failed: " + e, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close("stopped", null);
        }
    }

    private void lockedWait() throws InterruptedException {
        lock.lock();
        try {
            changed.await(MAX_IDLE_MILLIS, TimeUnit.MILLISECONDS);
        } finally {
            lock.unlock();
        }
    }

    private void sent(long offset, int length) {
        long now = clock.millis();
        lock.lock();
        try {
            state.sent(offset, length, now);
        } finally {
            lock.unlock();
        }
        rate.add(length, now);
    }

    /** What GET_BROKER_HA_STATUS reports of this connection now. */
    Status status() {
        long now = clock.millis();
        lock.lock();
        try {
            return new Status(slave, state.ackedOffset(), state.nextOffset(), rate.perSecond(now));
        } finally {
            lock.unlock();
        }
    }

    private void writeFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            channel.write(b);
        }
    }

    /** The slave's last ack, -1 before its first report. */
    long ackedOffset() {
        lock.lock();
        try {
            return state.ackedOffset();
        } finally {
            lock.unlock();
        }
    }

    void close(String reason, Throwable cause) {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        LOG.warn("HA connection from slave {} closed: {}", slave, reason, cause);
        try {
            channel.close();
        } catch (IOException e) {
            LOG.debug("closing HA channel of {}", slave, e);
        }
        acks.disconnected(this);
        wake();
        onClosed.run();
    }

    boolean isClosed() {
        return closed;
    }

    /** Closes and waits for both threads. */
    void stop() throws InterruptedException {
        close("the master is stopping", null);
        reader.join(TimeUnit.SECONDS.toMillis(10));
        writer.join(TimeUnit.SECONDS.toMillis(10));
    }
}
