package dev.petrel.broker.dledger;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.raft.RaftPeers;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.wire.RaftMessageCodec;
import dev.petrel.raft.wire.RaftWireException;
import dev.petrel.remoting.ProcessorExecutor;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.remoting.RemotingServer;
import dev.petrel.remoting.RemotingServerConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Raft messages over Petrel's remoting: each node listens on its own {@code dLegerPeers} port and sends oneway
 * {@link RequestCode#PETREL_RAFT_MESSAGE} frames, body = {@link RaftMessageCodec} bytes, ext field {@code group} =
 * {@code dLegerGroup} (a frame for another group is refused and logged, it means two groups share ports).
 *
 * <p>Threads: one sender per peer, {@code petrel-raft-send-<group>-n<self>-to-n<peer>}, draining a bounded queue
 * ({@link DLedgerConfig#RAFT_PEER_QUEUE_CAPACITY}), so {@link #send} never blocks the Raft loop: a full queue drops the
 * message. A send that fails (refused, timed out) marks the peer down for
 * {@link DLedgerConfig#RAFT_PEER_RETRY_INTERVAL_MS}, during which its messages are dropped unsent, so a dead peer
 * costs only dropped messages. A sender writes everything queued at once (up to {@link #MAX_WRITE_BATCH} frames) with
 * one flush, so a turn of the Raft loop that queued several messages for a peer costs one hand-off to the I/O thread
 * and one system call. Received frames are decoded on the I/O thread that read them and handed straight to the
 * inbound consumer (which only queues them for the loop): no pool in between.
 */
public final class RemotingRaftTransport implements RaftTransport {

    private static final Logger LOG = LoggerFactory.getLogger(RemotingRaftTransport.class);
    static final String GROUP_FIELD = "group";
    /** How long a close waits for all sender threads together. */
    static final long SENDERS_JOIN_MILLIS = 2_000;
    /** The most queued messages a sender writes with one flush. */
    static final int MAX_WRITE_BATCH = 64;

    private final String group;
    private final int selfId;
    private final RaftPeers peers;
    private final Clock clock;
    private final int queueCapacity;
    private final int sendTimeoutMs;
    private final int retryIntervalMs;
    private final RemotingServer server;
    private final RemotingClient client;
    private final Map<Integer, PeerSender> senders = new java.util.HashMap<>();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder refused = new LongAdder();
    private volatile Consumer<RaftMessage> inbound;
    private volatile boolean closed;

    /**
     * @param bindHost the address to listen on (the host of this node's {@code dLegerPeers} entry, or 0.0.0.0)
     */
    public RemotingRaftTransport(String group, int selfId, RaftPeers peers, String bindHost, int queueCapacity,
                                 int sendTimeoutMs, int retryIntervalMs, Clock clock) {
        this.group = group;
        this.selfId = selfId;
        this.peers = peers;
        this.clock = clock;
        this.queueCapacity = queueCapacity;
        this.sendTimeoutMs = sendTimeoutMs;
        this.retryIntervalMs = retryIntervalMs;
        String name = "raft-" + group + "-n" + selfId;
        this.server = new RemotingServer(name, RemotingServerConfig.defaults()
            .with(RemotingServerConfig.LISTEN_PORT, peers.peer(selfId).port())
            .with(RemotingServerConfig.BIND_ADDRESS, bindHost)
            .with(RemotingServerConfig.SERVER_SELECTOR_THREADS, 1)
            .with(RemotingServerConfig.SERVER_WORKER_THREADS, 1)
            .with(RemotingServerConfig.SERVER_CALLBACK_EXECUTOR_THREADS, 1), clock);
        this.client = new RemotingClient(name, RemotingClientConfig.defaults()
            .with(RemotingClientConfig.CLIENT_WORKER_THREADS, 1)
            .with(RemotingClientConfig.CLIENT_CALLBACK_EXECUTOR_THREADS, 1)
            .with(RemotingClientConfig.CONNECT_TIMEOUT_MILLIS, sendTimeoutMs), clock);
    }

    @Override
    public void start(Consumer<RaftMessage> inbound) {
        this.inbound = inbound;
        server.registerProcessor(RequestCode.PETREL_RAFT_MESSAGE, (ctx, request) -> {
            receive(ctx.remoteAddress(), request);
            return null;
        }, ProcessorExecutor.onIoThread("raft-recv-" + group + "-n" + selfId));
        server.start();
        client.start();
        for (int id : peers.nodeIds()) {
            if (id != selfId) {
                PeerSender s = new PeerSender(id, peers.peer(id).host() + ":" + peers.peer(id).port());
                senders.put(id, s);
                s.thread.start();
            }
        }
        LOG.info("raft transport {} n{} listening on {}, peers {}", group, selfId, server.localAddress(),
            senders.keySet());
    }

    private void receive(String from, RemotingCommand request) {
        String theirGroup = request.extFields() == null ? null : request.extFields().get(GROUP_FIELD);
        if (!group.equals(theirGroup)) {
            refused.increment();
            LOG.warn("raft transport {}: refused a Raft message from {} for group {} (two groups on the same ports?)",
                group, from, theirGroup);
            return;
        }
        try {
            inbound.accept(RaftMessageCodec.decode(request.body()));
        } catch (RaftWireException e) {
            refused.increment();
            LOG.warn("raft transport {}: refused a malformed Raft message from {}: {}", group, from, e.getMessage());
        }
    }

    @Override
    public void send(int to, RaftMessage message) {
        PeerSender s = senders.get(to);
        if (s == null || closed || !s.queue.offer(message)) {
            dropped.increment();
        }
    }

    /** Messages dropped so far (full queue, peer down, unknown peer). */
    public long dropped() {
        return dropped.sum();
    }

    /** Frames refused so far (wrong group, malformed). */
    public long refused() {
        return refused.sum();
    }

    /** The port this node listens on. */
    public int port() {
        return server.port();
    }

    /**
     * Stops the senders and closes the sockets. The senders are interrupted (each waits in its queue, or in a send:
     * both end on interrupt) and waited for together, at most {@link #SENDERS_JOIN_MILLIS} in all however many peers
     * there are; one still alive then only holds a message for a client that is closed next, which fails it.
     */
    @Override
    public void close() {
        closed = true;
        List<Thread> threads = new ArrayList<>();
        for (PeerSender s : senders.values()) {
            s.thread.interrupt();
            threads.add(s.thread);
        }
        long deadline = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(SENDERS_JOIN_MILLIS);
        for (Thread t : threads) {
            long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadline - clock.nanos());
            try {
                if (leftMillis > 0) {
                    t.join(leftMillis);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            if (t.isAlive()) {
                LOG.warn("raft transport {}: sender {} has not stopped within {} ms of the close; closing its client",
                    group, t.getName(), SENDERS_JOIN_MILLIS);
            }
        }
        client.close();
        server.close();
    }

    /** One peer's queue and the thread that drains it. */
    private final class PeerSender implements Runnable {
        final int peer;
        final String address;
        final ArrayBlockingQueue<RaftMessage> queue = new ArrayBlockingQueue<>(queueCapacity);
        final Thread thread;
        long downUntilNanos;
        boolean downLogged;

        PeerSender(int peer, String address) {
            this.peer = peer;
            this.address = address;
            this.thread = new Thread(this, "petrel-raft-send-" + group + "-n" + selfId + "-to-n" + peer);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            Map<String, String> header = Map.of(GROUP_FIELD, group);
            List<RaftMessage> taken = new ArrayList<>(MAX_WRITE_BATCH);
            List<RemotingCommand> frames = new ArrayList<>(MAX_WRITE_BATCH);
            while (!closed) {
                taken.clear();
                frames.clear();
                try {
                    taken.add(queue.take());
                } catch (InterruptedException e) {
                    return;
                }
                queue.drainTo(taken, MAX_WRITE_BATCH - 1);
                if (clock.nanos() - downUntilNanos < 0) {
                    dropped.add(taken.size());
                    continue;
                }
                for (RaftMessage m : taken) {
                    frames.add(RemotingCommand.request(RequestCode.PETREL_RAFT_MESSAGE, header,
                        RaftMessageCodec.encode(m)).asOneway());
                }
                try {
                    client.invokeOneways(address, frames, sendTimeoutMs);
                    if (downLogged) {
                        LOG.info("raft transport {}: peer n{} at {} is reachable again", group, peer, address);
                        downLogged = false;
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    dropped.add(frames.size());
                    downUntilNanos = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(retryIntervalMs);
                    if (!downLogged) {
                        LOG.warn("raft transport {}: peer n{} at {} is unreachable ({}); dropping its messages, retrying "
                            + "every {} ms", group, peer, address, e.toString(), retryIntervalMs);
                        downLogged = true;
                    }
                }
            }
        }
    }
}
