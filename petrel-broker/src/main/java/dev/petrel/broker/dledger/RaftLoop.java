package dev.petrel.broker.dledger;

import dev.petrel.broker.ha.TransferRate;
import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.raft.ProposeResult;
import dev.petrel.raft.RaftConfig;
import dev.petrel.raft.RaftEffect;
import dev.petrel.raft.RaftNode;
import dev.petrel.raft.RaftRole;
import dev.petrel.raft.RaftStateStore;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.RaftMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.random.RandomGenerator;

/**
 * The I/O shell around one {@link RaftNode}: the thread {@code petrel-raft-<group>-<selfName>} owns the node, its
 * {@link CommitLogRaftLog} and its {@link RaftStateStore}, and nothing else touches them.
 *
 * <p>Each turn it feeds the node the messages received (a bounded inbound queue; when full, messages are dropped and
 * Raft resends), then the broker's commands (proposals, leadership transfers), then flushes the log if anything was
 * appended (one flush covers every entry of the turn: group commit; what a flush waits for follows the flush mode,
 * see {@link CommitLogRaftLog}) and ticks the node so it sees the new durable index, ticks again when a deadline is due, and parks until the next deadline or a wake-up. After every step it
 * carries out the node's effects in order: messages to the transport (never blocking), commit progress, role changes
 * and proposal outcomes to the broker. Term and vote are saved by the node through the state store inside the step,
 * before the step's messages exist, so an answer never leaves before what it depends on is durable.
 *
 * <p>Broker side ({@link #propose}, {@link #transferLeadership}, the getters) is thread-safe. Futures complete and
 * {@link RaftListener} methods run on the loop's thread: continue with {@code *Async} for anything slow.
 */
public final class RaftLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(RaftLoop.class);
    private static final int INBOUND_CAPACITY = 8192;
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private final String group;
    private final RaftNode node;
    private final CommitLogRaftLog log;
    private final RaftTransport transport;
    private final RaftListener listener;
    private final Clock clock;
    private final ArrayBlockingQueue<RaftMessage> inbound = new ArrayBlockingQueue<>(INBOUND_CAPACITY);
    private final ArrayBlockingQueue<Runnable> commands;
    /** Loop thread only: the futures of the proposals each accepted entry holds (several when they were merged). */
    private final Map<Long, List<CompletableFuture<ProposalResult>>> waiting = new HashMap<>();
    /** Loop thread only: the proposals taken from the queue in this turn, contiguous, not proposed yet. */
    private final List<Proposal> merging = new ArrayList<>();
    private int mergingBytes;
    /** The largest entry merged proposals make ({@code raftMaxBatchBytes}: one still fits an append request). */
    private final int maxMergedBytes;
    private final LongAdder droppedInbound = new LongAdder();
    private final TransferRate appendRate;
    /** Loop thread only: payload bytes of the entries sent to each peer, by node id (a leader's followers). */
    private final Map<Integer, TransferRate> sentRates = new HashMap<>();
    private volatile long lastAppendReceivedMillis;
    private volatile long lastSentToLeaderMillis;

    private volatile long committedIndex;
    private volatile long committedOffset;
    private volatile RaftRole role = RaftRole.FOLLOWER;
    private volatile long term;
    private volatile int leaderId = RaftNode.NO_NODE;
    private volatile boolean stopped;
    /** Guarded by this: the transport and the log were closed (once, after the thread ended). */
    private boolean shutDown;

    /**
     * @param selfName  this node's {@code dLegerSelfId} ({@code n0}), for the thread name
     * @param settings  the node's settings ({@link RaftConfig.Settings#of})
     * @param log       the recovered log; the loop owns it from now on and closes it when stopped
     * @param state     the saved term and vote
     * @param transport the peers; the loop starts and closes it
     * @param random    election timeouts
     */
    public RaftLoop(String group, String selfName, RaftConfig.Settings settings, CommitLogRaftLog log,
                    RaftStateStore state, RaftTransport transport, RaftListener listener, Clock clock,
                    RandomGenerator random) {
        super("petrel-raft-" + group + "-" + selfName);
        this.group = group;
        this.log = log;
        this.transport = transport;
        this.listener = listener;
        this.clock = clock;
        this.commands = new ArrayBlockingQueue<>(settings.maxPendingProposals() + 64);
        this.maxMergedBytes = settings.maxBatchBytes();
        this.committedOffset = log.startOffset();
        this.appendRate = new TransferRate(clock.millis());
        this.node = new RaftNode(settings, log, state, random, nowMillis());
        clock.onAdvance(this::wake);
    }

    /** Starts the transport and the loop. */
    public void startLoop() {
        transport.start(this::deliver);
        start();
    }

    /**
     * Stops the loop and the transport (once; later calls return at once); proposals still waiting complete with
     * {@link ProposalResult.Status#STOPPED}.
     */
    public void stop() throws InterruptedException {
        stopped = true;
        stopThread(); // the loop's thread parks at most MAX_PARK_NANOS between checks
        synchronized (this) {
            if (shutDown) {
                return;
            }
            shutDown = true;
        }
        transport.close();
        Runnable c;
        while ((c = commands.poll()) != null) {
            c.run(); // each command sees `stopped` and completes its future as STOPPED
        }
        waiting.values().forEach(fs -> fs.forEach(f -> f.complete(new ProposalResult(ProposalResult.Status.STOPPED, 0,
            term, leaderId))));
        waiting.clear();
        log.close();
        LOG.info("raft loop {} stopped at term {}, commit index {}", name(), term, committedIndex);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Broker side (any thread)

    /**
     * Replicates the CommitLog range [offset, offset + bytes.length) that the broker, as leader, has just written
     * (whole records, maybe after a BLANK filler). Proposals must come in CommitLog order, each starting where the
     * previous one ended. The future completes when the range is committed or can no longer be.
     *
     * <p>Proposals the loop finds queued one after another, contiguous, become one entry (up to
     * {@code raftMaxBatchBytes}), so a burst of puts costs one index record, one append request per follower and one
     * answer instead of one each: their futures complete together, with the same index.
     *
     * @param bytes the range's content (the loop does not read it back from the CommitLog); not changed afterwards
     */
    public CompletableFuture<ProposalResult> propose(long offset, byte[] bytes) {
        CompletableFuture<ProposalResult> f = new CompletableFuture<>();
        if (stopped || !commands.offer(new Proposal(offset, bytes, f))) {
            f.complete(new ProposalResult(stopped ? ProposalResult.Status.STOPPED : ProposalResult.Status.TOO_MANY_PENDING,
                0, term, leaderId));
        } else {
            wake();
        }
        return f;
    }

    /** Hands leadership to node {@code target} (maintenance; {@code preferredLeaderId} does it by itself). */
    public CompletableFuture<RaftNode.TransferStatus> transferLeadership(int target) {
        CompletableFuture<RaftNode.TransferStatus> f = new CompletableFuture<>();
        if (stopped || !commands.offer(() -> {
            if (stopped) {
                f.complete(RaftNode.TransferStatus.NOT_LEADER);
                return;
            }
            f.complete(node.transferLeadership(target, nowMillis()));
            applyEffects();
        })) {
            f.complete(RaftNode.TransferStatus.NOT_LEADER);
        } else {
            wake();
        }
        return f;
    }

    /** The highest committed Raft index known here. */
    public long committedIndex() {
        return committedIndex;
    }

    /** The CommitLog offset below which every byte is committed (what consumers may see). */
    public long committedOffset() {
        return committedOffset;
    }

    public RaftRole role() {
        return role;
    }

    public long term() {
        return term;
    }

    public int leaderId() {
        return leaderId;
    }

    /**
     * A leader's follower as a CommitLog position (GET_BROKER_HA_STATUS).
     *
     * @param matchedOffset   the CommitLog offset up to which the follower holds the leader's bytes durably
     * @param nextOffset      where the next entry it is sent starts
     * @param sinceContactMs  milliseconds since its last answer
     * @param bytesPerSecond  payload bytes of the entries sent to it in the last whole second (resent ones included;
     *                        heartbeats carry none)
     */
    public record FollowerStatus(int nodeId, long matchedOffset, long nextOffset, long sinceContactMs,
                                 long bytesPerSecond) {
    }

    /**
     * The followers as this node leads them (empty when it does not lead), read on the loop's thread; the future
     * completes there, or at once with an empty list when the loop is stopped or its command queue full.
     */
    public CompletableFuture<List<FollowerStatus>> followers() {
        CompletableFuture<List<FollowerStatus>> f = new CompletableFuture<>();
        if (stopped || !commands.offer(() -> f.complete(stopped ? List.of() : followerStatus()))) {
            f.complete(List.of());
        } else {
            wake();
        }
        return f;
    }

    private List<FollowerStatus> followerStatus() {
        long now = nowMillis();
        long wall = clock.millis();
        List<FollowerStatus> out = new ArrayList<>();
        for (RaftNode.FollowerView v : node.followers()) {
            TransferRate sent = sentRates.get(v.nodeId());
            out.add(new FollowerStatus(v.nodeId(), log.endOffsetOf(v.durableIndex()),
                log.endOffsetOf(v.nextIndex() - 1), Math.max(0, now - v.lastContact()),
                sent == null ? 0 : sent.perSecond(wall)));
        }
        return out;
    }

    /** Payload bytes of the appends received from a leader in the last whole second. */
    public long appendBytesPerSecond() {
        return appendRate.perSecond(clock.millis());
    }

    /** Wall-clock millis of the last append (or heartbeat) received from a leader, 0 for never. */
    public long lastAppendReceivedMillis() {
        return lastAppendReceivedMillis;
    }

    /** Wall-clock millis of the last message sent to the leader, 0 for never. */
    public long lastSentToLeaderMillis() {
        return lastSentToLeaderMillis;
    }

    /** Messages received but dropped because the loop was behind. */
    public long droppedInbound() {
        return droppedInbound.sum();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // The loop

    private void deliver(RaftMessage m) {
        if (m instanceof AppendRequest a) {
            long now = clock.millis();
            lastAppendReceivedMillis = now;
            appendRate.add(payloadBytes(a), now);
        }
        if (inbound.offer(m)) {
            wake();
        } else {
            droppedInbound.increment();
        }
    }

    @Override
    public void run() {
        applyEffects(); // the initial role
        while (isRunning()) {
            int n = 0;
            RaftMessage m;
            while (n++ < INBOUND_CAPACITY && (m = inbound.poll()) != null) {
                node.handle(m, nowMillis());
                applyEffects();
            }
            Runnable c;
            int k = 0;
            while (k++ < 4096 && (c = commands.poll()) != null) {
                if (c instanceof Proposal p && merges(p)) {
                    merging.add(p);
                    mergingBytes += p.bytes.length;
                    continue;
                }
                proposeMerged(); // in queue order: what came before this command first
                if (c instanceof Proposal p) {
                    merging.add(p);
                    mergingBytes = p.bytes.length;
                } else {
                    c.run();
                }
            }
            proposeMerged();
            long now = nowMillis();
            if (log.hasUnflushed()) {
                log.flush();
                node.tick(now);
                applyEffects();
            } else if (now >= node.nextDeadline()) {
                node.tick(now);
                applyEffects();
            }
            log.maybeForceIndex(now); // ASYNC_FLUSH: the index's periodic force (the loop wakes at least every 50 ms)
            if (inbound.isEmpty() && commands.isEmpty() && !log.hasUnflushed()) {
                long wait = TimeUnit.MILLISECONDS.toNanos(node.nextDeadline() - nowMillis());
                if (wait > 0) {
                    park(Math.min(wait, MAX_PARK_NANOS));
                }
            }
        }
    }

    /** A queued {@link #propose}; run alone (by {@link #stop}, or unmerged) it is proposed by itself. */
    private final class Proposal implements Runnable {
        final long offset;
        final byte[] bytes;
        final CompletableFuture<ProposalResult> future;

        Proposal(long offset, byte[] bytes, CompletableFuture<ProposalResult> future) {
            this.offset = offset;
            this.bytes = bytes;
            this.future = future;
        }

        @Override
        public void run() {
            doPropose(offset, bytes, List.of(future));
        }
    }

    /** Whether {@code p} continues the proposals being merged and fits the entry with them. */
    private boolean merges(Proposal p) {
        if (merging.isEmpty()) {
            return true;
        }
        Proposal last = merging.get(merging.size() - 1);
        return p.offset == last.offset + last.bytes.length && (long) mergingBytes + p.bytes.length <= maxMergedBytes;
    }

    /** Proposes the merged proposals as one entry (one alone as it is). */
    private void proposeMerged() {
        if (merging.isEmpty()) {
            return;
        }
        Proposal first = merging.get(0);
        if (merging.size() == 1) {
            first.run();
        } else {
            byte[] all = new byte[mergingBytes];
            List<CompletableFuture<ProposalResult>> futures = new ArrayList<>(merging.size());
            int at = 0;
            for (Proposal p : merging) {
                System.arraycopy(p.bytes, 0, all, at, p.bytes.length);
                at += p.bytes.length;
                futures.add(p.future);
            }
            doPropose(first.offset, all, futures);
        }
        merging.clear();
        mergingBytes = 0;
    }

    private void doPropose(long offset, byte[] bytes, List<CompletableFuture<ProposalResult>> futures) {
        if (stopped) {
            complete(futures, new ProposalResult(ProposalResult.Status.STOPPED, 0, term, leaderId));
            return;
        }
        if (node.role() == RaftRole.LEADER && !log.expectOwnBytes(offset, bytes.length)) {
            complete(futures, new ProposalResult(ProposalResult.Status.OFFSET_MISMATCH, 0, node.currentTerm(),
                node.leaderId()));
            return;
        }
        ProposeResult r = node.propose(bytes, nowMillis());
        if (r.accepted()) {
            waiting.put(r.index(), futures);
        } else {
            log.clearOwnBytes();
            log.discardUnproposedFrom(offset);
            complete(futures, new ProposalResult(switch (r.status()) {
                case NOT_LEADER -> ProposalResult.Status.NOT_LEADER;
                case TRANSFERRING_LEADERSHIP -> ProposalResult.Status.TRANSFERRING_LEADERSHIP;
                case TOO_MANY_PENDING -> ProposalResult.Status.TOO_MANY_PENDING;
                case EMPTY_PAYLOAD, ACCEPTED -> ProposalResult.Status.OFFSET_MISMATCH;
            }, 0, r.term(), r.leaderId()));
        }
        applyEffects();
    }

    private static void complete(List<CompletableFuture<ProposalResult>> futures, ProposalResult result) {
        for (CompletableFuture<ProposalResult> f : futures) {
            f.complete(result);
        }
    }

    private static long payloadBytes(AppendRequest a) {
        long bytes = 0;
        for (dev.petrel.raft.RaftEntry e : a.entries()) {
            bytes += e.payload().length;
        }
        return bytes;
    }

    private void applyEffects() {
        for (RaftEffect e : node.drainEffects()) {
            if (e instanceof RaftEffect.Send s) {
                transport.send(s.to(), s.message());
                if (s.message() instanceof AppendRequest a && !a.entries().isEmpty()) {
                    long now = clock.millis();
                    sentRates.computeIfAbsent(s.to(), peer -> new TransferRate(now)).add(payloadBytes(a), now);
                }
                if (s.to() == leaderId) {
                    lastSentToLeaderMillis = clock.millis();
                }
            } else if (e instanceof RaftEffect.CommitAdvanced c) {
                committedIndex = c.commitIndex();
                committedOffset = log.endOffsetOf(c.commitIndex());
                listener.onCommitted(c.commitIndex(), committedOffset);
            } else if (e instanceof RaftEffect.RoleChanged r) {
                role = r.role();
                term = r.term();
                leaderId = r.leaderId();
                LOG.info("raft {}: {} in term {}, leader {}", name(), r.role(), r.term(),
                    r.leaderId() == RaftNode.NO_NODE ? "unknown" : "n" + r.leaderId());
                listener.onRoleChanged(r.role(), r.term(), r.leaderId());
            } else if (e instanceof RaftEffect.LeaderReady r) {
                listener.onLeaderReady(r.term(), committedOffset);
            } else if (e instanceof RaftEffect.ProposalOutcome o) {
                List<CompletableFuture<ProposalResult>> fs = waiting.remove(o.index());
                if (fs != null) {
                    complete(fs, new ProposalResult(o.outcome() == RaftEffect.Outcome.COMMITTED
                        ? ProposalResult.Status.COMMITTED : ProposalResult.Status.LEADERSHIP_LOST, o.index(), o.term(),
                        node.leaderId()));
                }
            } else if (e instanceof RaftEffect.FollowerBehindLogStart b) {
                LOG.error("raft {}: follower n{} needs entry {} but this leader's log starts at {} (its CommitLog files "
                    + "were deleted); copy a peer's store to it, the group cannot catch it up", name(), b.follower(),
                    b.nextIndex(), b.firstIndex());
            }
        }
    }

    private long nowMillis() {
        return TimeUnit.NANOSECONDS.toMillis(clock.nanos());
    }

    @Override
    public String toString() {
        return name() + "{" + node + "}";
    }

    String group() {
        return group;
    }
}
