package dev.petrel.raft;

import dev.petrel.raft.RaftEffect.CommitAdvanced;
import dev.petrel.raft.RaftEffect.FollowerBehindLogStart;
import dev.petrel.raft.RaftEffect.LeaderReady;
import dev.petrel.raft.RaftEffect.Outcome;
import dev.petrel.raft.RaftEffect.ProposalOutcome;
import dev.petrel.raft.RaftEffect.RoleChanged;
import dev.petrel.raft.RaftEffect.Send;
import dev.petrel.raft.RaftStateStore.PersistentState;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.AppendResponse;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.message.TimeoutNow;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.message.VoteResponse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * One member of a Raft group, as a pure state machine. The shell calls {@link #handle} for every message received,
 * {@link #tick} regularly (and after the log's durable index moved), {@link #propose} for the leader's writes, and
 * after each call carries out {@link #drainEffects()} in order. Nothing here blocks, sleeps, reads a clock or does
 * I/O other than through {@link RaftLog} and {@link RaftStateStore}; {@code now} is the caller's monotonic time in
 * milliseconds, and randomness (election timeouts) comes from the injected generator, so a seed replays exactly.
 *
 * <p>Threading: not thread-safe. One thread (the broker's Raft loop) owns the node, its log adapter and its state
 * store; other threads hand it work through that loop's queue.
 *
 * <p>Rules kept here (docs/raft.md explains each): a term and vote are saved before any message that depends on them
 * leaves; votes go only to candidates whose log is at least as up to date; a pre-vote round comes before raising the
 * term, and nobody grants a (pre-)vote while it hears from a leader; a new leader appends a marker entry of its term
 * and commits only entries of its own term by counting, earlier ones through them; only durable entries count towards
 * a quorum; a leader that hears from no quorum for an election timeout steps down.
 */
public final class RaftNode {

    /** "No node": no leader known, no vote given. */
    public static final int NO_NODE = -1;

    /** Bounds the backwards scans that build and use conflict hints, so a step never walks a long log. */
    private static final int MAX_HINT_SCAN = 4096;

    private final RaftConfig.Settings config;
    private final RaftLog log;
    private final RaftStateStore stateStore;
    private final RandomGenerator random;
    private final int self;
    private final int[] others;
    private final List<RaftEffect> effects = new ArrayList<>();

    private long currentTerm;
    private int votedFor;
    private RaftRole role = RaftRole.FOLLOWER;
    private int leaderId = NO_NODE;
    private long commitIndex;
    private long lastNow;
    private long electionDeadline;
    private long lastLeaderContact = Long.MIN_VALUE / 2;

    /** Follower: highest index known to equal the current leader's log (volatile; 0 after a leader change). */
    private long verifiedIndex;
    /** Follower: the durable index last reported to the current leader. */
    private long reportedDurable;
    /** Follower, within one append request: whether it wrote entries to the log. */
    private boolean wroteEntries;

    /** Candidate or pre-candidate: who granted, for term {@code tallyTerm}. */
    private final boolean[] granted;
    private long tallyTerm;

    private LeaderState leader;

    private RaftRole publishedRole;
    private long publishedTerm = -1;
    private int publishedLeader = NO_NODE;

    /**
     * @param config     this node's settings
     * @param log        the log, recovered (its durable tail) and ready
     * @param stateStore the saved term and vote
     * @param random     the source of election timeouts; seed it for reproducible tests
     * @param now        the current time, ms
     */
    public RaftNode(RaftConfig.Settings config, RaftLog log, RaftStateStore stateStore, RandomGenerator random, long now) {
        this.config = config;
        this.log = log;
        this.stateStore = stateStore;
        this.random = random;
        this.self = config.selfId();
        this.others = config.voters().stream().mapToInt(Integer::intValue).filter(id -> id != self).toArray();
        this.granted = new boolean[config.voters().size()];
        PersistentState saved = stateStore.load();
        this.currentTerm = saved.term();
        this.votedFor = saved.votedFor();
        this.lastNow = now;
        resetElectionTimer(now);
        publishRole();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Inputs

    /** A message from a peer. Messages from unknown senders or from this node itself are ignored. */
    public void handle(RaftMessage message, long now) {
        now = advance(now);
        int from = message.from();
        if (from == self || !config.voters().contains(from)) {
            return;
        }
        if (message instanceof AppendRequest r) {
            onAppendRequest(r, now);
        } else if (message instanceof AppendResponse r) {
            onAppendResponse(r, now);
        } else if (message instanceof VoteRequest r) {
            onVoteRequest(r, now);
        } else if (message instanceof VoteResponse r) {
            onVoteResponse(r, now);
        } else if (message instanceof TimeoutNow r) {
            onTimeoutNow(r, now);
        }
        afterStep();
    }

    /**
     * Time passes: election timeouts, heartbeats, resends, check-quorum, leadership transfer. Call it at least every
     * {@link #nextDeadline()} and whenever the log's durable index advanced (a flush finished), since durable entries
     * are what a quorum is made of.
     */
    public void tick(long now) {
        now = advance(now);
        if (role == RaftRole.LEADER) {
            leaderTick(now);
        } else if (now >= electionDeadline) {
            startPreVote(now);
        }
        afterStep();
    }

    /**
     * Appends {@code payload} as a new entry if this node leads. The entry is in the local log when this returns
     * (not yet durable); its end comes as a {@link RaftEffect.ProposalOutcome}.
     */
    public ProposeResult propose(byte[] payload, long now) {
        now = advance(now);
        if (role != RaftRole.LEADER) {
            return new ProposeResult(ProposeResult.Status.NOT_LEADER, 0, currentTerm, leaderId);
        }
        if (payload.length == 0) {
            return new ProposeResult(ProposeResult.Status.EMPTY_PAYLOAD, 0, currentTerm, self);
        }
        if (leader.transferTarget != NO_NODE) {
            return new ProposeResult(ProposeResult.Status.TRANSFERRING_LEADERSHIP, 0, currentTerm, self);
        }
        if (leader.pending.size() >= config.maxPendingProposals()) {
            return new ProposeResult(ProposeResult.Status.TOO_MANY_PENDING, 0, currentTerm, self);
        }
        long index = log.lastIndex() + 1;
        log.append(List.of(new RaftEntry(index, currentTerm, payload)));
        leader.pending.add(index);
        replicateToAll(now);
        afterStep();
        return new ProposeResult(ProposeResult.Status.ACCEPTED, index, currentTerm, self);
    }

    /** Result of {@link #transferLeadership}. */
    public enum TransferStatus { STARTED, NOT_LEADER, UNKNOWN_NODE, ALREADY_LEADER, IN_PROGRESS }

    /**
     * Hands leadership to {@code target} (maintenance, preferred leader): proposals are refused meanwhile, the target
     * is brought up to date and told to campaign at once. Gives up after an election timeout; then this node keeps
     * leading and accepts proposals again.
     */
    public TransferStatus transferLeadership(int target, long now) {
        now = advance(now);
        if (role != RaftRole.LEADER) {
            return TransferStatus.NOT_LEADER;
        }
        if (target == self) {
            return TransferStatus.ALREADY_LEADER;
        }
        if (!leader.progress.containsKey(target)) {
            return TransferStatus.UNKNOWN_NODE;
        }
        if (leader.transferTarget != NO_NODE) {
            return TransferStatus.IN_PROGRESS;
        }
        leader.transferTarget = target;
        leader.transferDeadline = now + config.electionTimeoutMax();
        leader.timeoutNowSent = false;
        continueTransfer(now);
        afterStep();
        return TransferStatus.STARTED;
    }

    /** The effects of the calls so far, in order; the list is handed over and the node starts a new one. */
    public List<RaftEffect> drainEffects() {
        if (effects.isEmpty()) {
            return List.of();
        }
        List<RaftEffect> out = new ArrayList<>(effects);
        effects.clear();
        return out;
    }

    /** The latest time by which {@link #tick} should be called next. */
    public long nextDeadline() {
        if (role != RaftRole.LEADER) {
            return electionDeadline;
        }
        long next = lastNow + config.heartbeatInterval();
        for (FollowerProgress p : leader.progress.values()) {
            next = Math.min(next, p.lastSend() + config.heartbeatInterval());
        }
        return Math.max(next, lastNow);
    }

    public int selfId() {
        return self;
    }

    public RaftRole role() {
        return role;
    }

    public long currentTerm() {
        return currentTerm;
    }

    /** The leader of the current term as far as this node knows, or {@link #NO_NODE}. */
    public int leaderId() {
        return leaderId;
    }

    public long commitIndex() {
        return commitIndex;
    }

    /**
     * A leader's view of one follower, for status reports.
     *
     * @param matchIndex   the follower holds entries up to it equal to the leader's (maybe not yet durable)
     * @param durableIndex held equal and durable (what counts for the quorum)
     * @param nextIndex    the next entry the leader sends it
     * @param lastContact  the node's time of the follower's last answer
     */
    public record FollowerView(int nodeId, long matchIndex, long durableIndex, long nextIndex, long lastContact) {
    }

    /** The followers as this node leads them, in peer order; empty when it does not lead. */
    public List<FollowerView> followers() {
        if (role != RaftRole.LEADER || leader == null) {
            return List.of();
        }
        List<FollowerView> out = new ArrayList<>();
        for (FollowerProgress p : leader.progress.values()) {
            out.add(new FollowerView(p.nodeId(), p.matchIndex(), p.durableIndex(), p.nextIndex(), p.lastContact()));
        }
        return out;
    }

    @Override
    public String toString() {
        return "n" + self + "{" + role + ", term=" + currentTerm + ", leader=" + leaderId + ", commit=" + commitIndex
            + ", last=" + log.lastIndex() + ", durable=" + log.durableIndex()
            + (leader == null ? "" : ", " + leader.progress.values()) + "}";
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Elections

    private void onVoteRequest(VoteRequest r, long now) {
        boolean hearsLeader = role == RaftRole.LEADER
            || (leaderId != NO_NODE && now - lastLeaderContact < config.electionTimeoutMin());
        boolean disruptive = hearsLeader && !r.transfer();
        if (r.preVote()) {
            // Answer as if the term were raised, without raising it: nobody's state changes for a pre-vote.
            boolean grant = r.term() > currentTerm && !disruptive && candidateLogUpToDate(r);
            send(r.from(), new VoteResponse(self, grant ? r.term() : currentTerm, true, grant));
            return;
        }
        if (r.term() > currentTerm) {
            if (disruptive) {
                // A live leader exists: the candidate is partitioned or slow, and must not depose it.
                send(r.from(), new VoteResponse(self, currentTerm, false, false));
                return;
            }
            becomeFollower(r.term(), NO_NODE, now);
        }
        boolean grant = r.term() == currentTerm && role == RaftRole.FOLLOWER
            && (votedFor == NO_NODE || votedFor == r.from()) && candidateLogUpToDate(r);
        if (grant && votedFor != r.from()) {
            votedFor = r.from();
            saveState();
        }
        if (grant) {
            resetElectionTimer(now);
        }
        send(r.from(), new VoteResponse(self, currentTerm, false, grant));
    }

    private boolean candidateLogUpToDate(VoteRequest r) {
        long lastIndex = log.lastIndex();
        long lastTerm = log.termAt(lastIndex);
        return r.lastLogTerm() > lastTerm || (r.lastLogTerm() == lastTerm && r.lastLogIndex() >= lastIndex);
    }

    private void onVoteResponse(VoteResponse r, long now) {
        if (r.preVote()) {
            if (!r.granted() && r.term() > currentTerm) {
                becomeFollower(r.term(), NO_NODE, now);
            } else if (role == RaftRole.PRE_CANDIDATE && r.granted() && r.term() == tallyTerm) {
                if (tally(r.from())) {
                    startElection(now, false);
                }
            }
            return;
        }
        if (r.term() > currentTerm) {
            becomeFollower(r.term(), NO_NODE, now);
        } else if (role == RaftRole.CANDIDATE && r.granted() && r.term() == currentTerm) {
            if (tally(r.from())) {
                becomeLeader(now);
            }
        }
    }

    private void startPreVote(long now) {
        role = RaftRole.PRE_CANDIDATE;
        leaderId = NO_NODE;
        openTally(currentTerm + 1);
        resetElectionTimer(now);
        if (tally(self)) {
            startElection(now, false);
            return;
        }
        long lastIndex = log.lastIndex();
        VoteRequest request = new VoteRequest(self, currentTerm + 1, lastIndex, log.termAt(lastIndex), true, false);
        for (int peer : others) {
            send(peer, request);
        }
    }

    private void startElection(long now, boolean transfer) {
        leaveLeadership();
        currentTerm++;
        votedFor = self;
        saveState();
        role = RaftRole.CANDIDATE;
        leaderId = NO_NODE;
        openTally(currentTerm);
        resetElectionTimer(now);
        if (tally(self)) {
            becomeLeader(now);
            return;
        }
        long lastIndex = log.lastIndex();
        VoteRequest request = new VoteRequest(self, currentTerm, lastIndex, log.termAt(lastIndex), false, transfer);
        for (int peer : others) {
            send(peer, request);
        }
    }

    private void openTally(long term) {
        Arrays.fill(granted, false);
        tallyTerm = term;
    }

    /** Records a grant; true when it makes a quorum. */
    private boolean tally(int voter) {
        granted[config.voters().indexOf(voter)] = true;
        int count = 0;
        for (boolean g : granted) {
            count += g ? 1 : 0;
        }
        return count >= config.quorum();
    }

    private void onTimeoutNow(TimeoutNow r, long now) {
        if (r.term() < currentTerm) {
            return;
        }
        if (r.term() > currentTerm) {
            becomeFollower(r.term(), r.from(), now);
        }
        if (role == RaftRole.FOLLOWER && leaderId == r.from()) {
            startElection(now, true);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Role changes

    private void becomeFollower(long term, int leader, long now) {
        leaveLeadership();
        boolean newTerm = term > currentTerm;
        if (newTerm) {
            currentTerm = term;
            votedFor = NO_NODE;
            saveState();
        }
        // What was verified against a leader holds for that leader in that term only: the same node leading a later
        // term may cut those entries (found by the simulator, seed 5945: a stale verified index committed past the
        // end of the log after the new term's marker replaced it).
        if (newTerm || leader != leaderId || role != RaftRole.FOLLOWER) {
            verifiedIndex = 0;
            reportedDurable = 0;
        }
        role = RaftRole.FOLLOWER;
        leaderId = leader;
        resetElectionTimer(now);
    }

    private void becomeLeader(long now) {
        role = RaftRole.LEADER;
        leaderId = self;
        long markerIndex = log.lastIndex() + 1;
        leader = new LeaderState(markerIndex);
        for (int peer : others) {
            leader.progress.put(peer, new FollowerProgress(peer, markerIndex, config.maxInflightAppends(), now));
        }
        // The marker lets this leader commit everything before it: entries of older terms commit only under it.
        log.append(List.of(RaftEntry.leaderMarker(markerIndex, currentTerm)));
        replicateToAll(now);
    }

    /** Ends the leader state, if any: proposals still waiting learn that their fate is unknown. */
    private void leaveLeadership() {
        if (leader == null) {
            return;
        }
        for (long index : leader.pending) {
            effects.add(new ProposalOutcome(index, currentTerm, Outcome.LEADERSHIP_LOST));
        }
        leader = null;
    }

    private void resetElectionTimer(long now) {
        electionDeadline = now + random.nextInt(config.electionTimeoutMin(), config.electionTimeoutMax());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Follower side of replication

    private void onAppendRequest(AppendRequest r, long now) {
        if (r.term() < currentTerm) {
            send(r.from(), refusal(r, 0, 0));
            return;
        }
        if (role == RaftRole.LEADER && r.term() == currentTerm) {
            return; // a second leader in this term is impossible unless a peer is faulty; ignore it
        }
        if (r.term() > currentTerm || role != RaftRole.FOLLOWER || leaderId != r.from()) {
            becomeFollower(r.term(), r.from(), now);
        }
        lastLeaderContact = now;
        resetElectionTimer(now);
        wroteEntries = false;
        AppendResponse answer = appendFromLeader(r);
        // One answer per write: a request that wrote entries not yet durable is answered by the durability report
        // that follows the flush (same match index, and the durable index the leader commits on), not also now.
        // Refusals, heartbeats and resends of entries already held are answered at once: they keep the leader's
        // contact (check-quorum) and its window going even while this node's disk is slow.
        reportedDurable = Math.max(reportedDurable, answer.durableIndex()); // said now, or superseded by the report
        if (!(wroteEntries && answer.success() && answer.durableIndex() < answer.matchIndex())) {
            send(r.from(), answer);
        }
    }

    private AppendResponse appendFromLeader(AppendRequest r) {
        long first = log.firstIndex();
        long last = log.lastIndex();
        long prev = r.prevLogIndex();
        if (prev > last) {
            return refusal(r, last + 1, 0);
        }
        // Below our first index everything is committed and therefore equal to the leader's: no check possible or needed.
        if (prev >= first - 1) {
            long termThere = log.termAt(prev);
            if (termThere != r.prevLogTerm()) {
                return refusal(r, firstIndexOfTermFrom(prev, termThere, first), termThere);
            }
        }
        List<RaftEntry> entries = r.entries();
        for (int i = 0; i < entries.size(); i++) {
            RaftEntry e = entries.get(i);
            if (e.index() < first) {
                continue;
            }
            if (e.index() > last) {
                log.append(entries.subList(i, entries.size()));
                wroteEntries = true;
                break;
            }
            if (log.termAt(e.index()) != e.term()) {
                if (e.index() <= commitIndex) {
                    throw new IllegalStateException("leader n" + r.from() + " term " + r.term() + " conflicts with committed"
                        + " entry " + e.index() + " (commit index " + commitIndex + "): Raft's safety is broken");
                }
                log.truncateFrom(e.index());
                verifiedIndex = Math.min(verifiedIndex, e.index() - 1); // (never above the cut in one term; kept exact)
                log.append(entries.subList(i, entries.size()));
                wroteEntries = true;
                break;
            }
        }
        verifiedIndex = Math.max(verifiedIndex, r.lastIndex());
        long newCommit = Math.min(r.leaderCommit(), verifiedIndex);
        if (newCommit > commitIndex) {
            advanceCommit(newCommit);
        }
        return new AppendResponse(self, currentTerm, true, verifiedIndex, durableForLeader(), 0, 0, prev);
    }

    private AppendResponse refusal(AppendRequest r, long conflictIndex, long conflictTerm) {
        return new AppendResponse(self, currentTerm, false, log.lastIndex(), 0, conflictIndex, conflictTerm,
            r.prevLogIndex());
    }

    /** First index of the run of {@code term} that ends at {@code index} (bounded scan; any index in the run will do). */
    private long firstIndexOfTermFrom(long index, long term, long first) {
        long i = index;
        long floor = Math.max(first, index - MAX_HINT_SCAN);
        while (i > floor && log.termAt(i - 1) == term) {
            i--;
        }
        return Math.max(i, 1);
    }

    /** What this follower may tell the leader is durable: only entries verified equal to the leader's log. */
    private long durableForLeader() {
        return Math.min(log.durableIndex(), verifiedIndex);
    }

    /** A follower tells the leader as soon as more verified entries became durable (the leader commits on those). */
    private void reportDurability() {
        if (role != RaftRole.FOLLOWER || leaderId == NO_NODE) {
            return;
        }
        long durable = durableForLeader();
        if (durable > reportedDurable) {
            reportedDurable = durable;
            send(leaderId, new AppendResponse(self, currentTerm, true, verifiedIndex, durable, 0, 0, verifiedIndex));
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Leader side of replication

    private void onAppendResponse(AppendResponse r, long now) {
        if (r.term() > currentTerm) {
            becomeFollower(r.term(), NO_NODE, now);
            return;
        }
        if (role != RaftRole.LEADER || r.term() != currentTerm) {
            return;
        }
        FollowerProgress p = leader.progress.get(r.from());
        p.contacted(now);
        if (r.success()) {
            long match = Math.min(r.matchIndex(), log.lastIndex());
            p.acknowledged(match, r.durableIndex());
            maybeAdvanceLeaderCommit();
        } else if (r.prevLogIndex() > p.durableIndex()) {
            // (A refusal at or below the durable acknowledgement is a reordered old answer: ignore it.)
            p.restartFrom(retryIndex(r, p));
        }
        if (role == RaftRole.LEADER) {
            continueTransfer(now);
            replicate(p, now);
        }
    }

    /** Where to resume after a refusal, from the follower's conflict hints (skips a whole term per round trip). */
    private long retryIndex(AppendResponse r, FollowerProgress p) {
        long next = r.conflictIndex();
        if (r.conflictTerm() > 0) {
            long i = Math.min(r.prevLogIndex(), log.lastIndex());
            long floor = Math.max(0, i - MAX_HINT_SCAN);
            while (i > floor && log.termAt(i) > r.conflictTerm()) {
                i--;
            }
            if (i > 0 && log.termAt(i) == r.conflictTerm()) {
                next = i + 1;
            }
        }
        return Math.max(Math.max(p.durableIndex() + 1, 1), Math.min(next, r.prevLogIndex()));
    }

    private void leaderTick(long now) {
        maybeAdvanceLeaderCommit();
        if (!quorumHeardWithin(now, config.electionTimeoutMax())) {
            // Check-quorum: an isolated leader stops taking writes; the majority side elects a new one meanwhile.
            becomeFollower(currentTerm, NO_NODE, now);
            return;
        }
        if (leader.transferTarget != NO_NODE && now >= leader.transferDeadline) {
            leader.transferTarget = NO_NODE;
        }
        maybeHandToPreferredLeader(now);
        continueTransfer(now);
        for (FollowerProgress p : leader.progress.values()) {
            if (p.hasInflight() && now - p.oldestInflightSentAt() >= config.appendTimeout()) {
                p.restartFrom(p.matchIndex() + 1); // requests or answers were lost: resend from what is acknowledged
            }
            replicate(p, now);
            if (now - p.lastSend() >= config.heartbeatInterval()) {
                long prev = Math.min(p.matchIndex(), log.lastIndex());
                send(p.nodeId(), new AppendRequest(self, currentTerm, prev, log.termAt(prev), commitIndex, List.of()));
                p.sentHeartbeat(now);
            }
        }
    }

    private boolean quorumHeardWithin(long now, long window) {
        int heard = 1;
        for (FollowerProgress p : leader.progress.values()) {
            if (now - p.lastContact() < window) {
                heard++;
            }
        }
        return heard >= config.quorum();
    }

    private void replicateToAll(long now) {
        for (FollowerProgress p : leader.progress.values()) {
            replicate(p, now);
        }
    }

    /** Sends as many append requests as the follower's window allows, each a batch bounded by count and bytes. */
    private void replicate(FollowerProgress p, long now) {
        while (p.sendWindow() > 0 && p.nextIndex() <= log.lastIndex()) {
            long next = p.nextIndex();
            if (next < log.firstIndex()) {
                if (p.firstReportOfBehindLogStart()) {
                    effects.add(new FollowerBehindLogStart(p.nodeId(), next, log.firstIndex()));
                }
                return;
            }
            List<RaftEntry> batch = log.read(next, config.maxBatchEntries(), config.maxBatchBytes());
            long prev = next - 1;
            send(p.nodeId(), new AppendRequest(self, currentTerm, prev, log.termAt(prev), commitIndex, batch));
            p.sentEntries(prev + batch.size(), now);
        }
    }

    /**
     * Commits the highest index that a quorum holds durably, if it is of this leader's term. An entry of an earlier
     * term is never committed by counting (it could still be overwritten, Raft paper Figure 8); it commits with the
     * first entry of this term above it, the leader marker at the latest.
     */
    private void maybeAdvanceLeaderCommit() {
        long[] durable = new long[others.length + 1];
        durable[0] = log.durableIndex();
        int i = 1;
        for (FollowerProgress p : leader.progress.values()) {
            durable[i++] = p.durableIndex();
        }
        Arrays.sort(durable);
        long quorumIndex = durable[durable.length - config.quorum()];
        if (quorumIndex > commitIndex && log.termAt(quorumIndex) == currentTerm) {
            advanceCommit(quorumIndex);
        }
    }

    private void advanceCommit(long index) {
        commitIndex = index;
        effects.add(new CommitAdvanced(index));
        if (leader == null) {
            return;
        }
        while (!leader.pending.isEmpty() && leader.pending.peekFirst() <= index) {
            effects.add(new ProposalOutcome(leader.pending.pollFirst(), currentTerm, Outcome.COMMITTED));
        }
        if (!leader.ready && index >= leader.markerIndex) {
            leader.ready = true;
            effects.add(new LeaderReady(currentTerm, leader.markerIndex));
        }
    }

    private void maybeHandToPreferredLeader(long now) {
        int preferred = config.preferredLeaderId();
        if (preferred == NO_NODE || preferred == self || leader.transferTarget != NO_NODE || !leader.ready
            || now < leader.nextPreferredCheck) {
            return;
        }
        leader.nextPreferredCheck = now + config.electionTimeoutMax();
        FollowerProgress p = leader.progress.get(preferred);
        boolean alive = now - p.lastContact() < 2L * config.heartbeatInterval();
        if (alive && log.lastIndex() - p.matchIndex() <= config.preferredLeaderMaxLag()) {
            leader.transferTarget = preferred;
            leader.transferDeadline = now + config.electionTimeoutMax();
            leader.timeoutNowSent = false;
        }
    }

    private void continueTransfer(long now) {
        if (leader == null || leader.transferTarget == NO_NODE || leader.timeoutNowSent) {
            return;
        }
        FollowerProgress target = leader.progress.get(leader.transferTarget);
        if (target.matchIndex() >= log.lastIndex()) {
            send(target.nodeId(), new TimeoutNow(self, currentTerm));
            leader.timeoutNowSent = true;
        } else {
            replicate(target, now);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Plumbing

    private long advance(long now) {
        lastNow = Math.max(lastNow, now); // time never runs backwards for the node, whatever the caller's clock does
        return lastNow;
    }

    /** Every input ends here: durability news for the leader, then the role for the shell. */
    private void afterStep() {
        reportDurability();
        publishRole();
    }

    private void publishRole() {
        if (role != publishedRole || currentTerm != publishedTerm || leaderId != publishedLeader) {
            publishedRole = role;
            publishedTerm = currentTerm;
            publishedLeader = leaderId;
            effects.add(new RoleChanged(role, currentTerm, leaderId));
        }
    }

    private void saveState() {
        stateStore.save(new PersistentState(currentTerm, votedFor));
    }

    private void send(int to, RaftMessage message) {
        effects.add(new Send(to, message));
    }

    /** What only a leader keeps; dropped when it stops leading. */
    private static final class LeaderState {
        final long markerIndex;
        final Map<Integer, FollowerProgress> progress = new LinkedHashMap<>();
        /** Indices of accepted proposals not yet committed, ascending (all of the current term). */
        final ArrayDeque<Long> pending = new ArrayDeque<>();
        boolean ready;
        int transferTarget = NO_NODE;
        long transferDeadline;
        boolean timeoutNowSent;
        long nextPreferredCheck;

        LeaderState(long markerIndex) {
            this.markerIndex = markerIndex;
        }
    }
}
