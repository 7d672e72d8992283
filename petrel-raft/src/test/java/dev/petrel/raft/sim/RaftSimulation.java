package dev.petrel.raft.sim;

import dev.petrel.raft.InMemoryRaftLog;
import dev.petrel.raft.InMemoryStateStore;
import dev.petrel.raft.ProposeResult;
import dev.petrel.raft.RaftConfig;
import dev.petrel.raft.RaftEffect;
import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.RaftNode;
import dev.petrel.raft.RaftRole;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.wire.RaftMessageCodec;
import dev.petrel.raft.wire.RaftWireException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One seeded, single-threaded run of a Raft group: N {@link RaftNode}s over {@link InMemoryRaftLog}s (crashes lose
 * the unflushed tail), a network that drops, delays, reorders and duplicates messages and suffers partitions and
 * one-way links, node clocks with skewed rates and pauses, crashes and restarts, and clients proposing all along.
 * Every message goes through the wire codec. After every step the invariants are checked; a violation throws an
 * {@link AssertionError} naming the seed and the last events. The same seed replays the same run exactly: all
 * randomness comes from one {@link SplittableRandom} and events are ordered by (time, sequence).
 */
public final class RaftSimulation {

    /** What a run does. */
    public enum Scenario {
        /** Faults of every kind, then the network heals and the group must make progress within a bound. */
        CHAOS,
        /**
         * A healthy group on a clean network; one follower is cut off for a while and comes back. The leader must stay
         * leader in the same term throughout (a rejoining node must not disrupt it: pre-vote, check-quorum).
         */
        ISOLATED_FOLLOWER_REJOINS
    }

    private static final int TRACE_LENGTH = 400;
    /**
     * The direct check that the last committed entry is durable on a quorum; {@code -Draft.sim.durableQuorumCheck=false}
     * turns it off to see whether a durability bug also shows as lost or changed committed data (docs/raft.md).
     */
    private static final boolean DURABLE_QUORUM_CHECK =
        !"false".equals(System.getProperty("raft.sim.durableQuorumCheck"));

    private final long seed;
    private final int n;
    private final Scenario scenario;
    private final SplittableRandom rnd;
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final Node[] nodes;
    private final boolean[][] linkUp;
    private final Object[] trace = new Object[TRACE_LENGTH];
    private int traceNext;
    private long seq;
    private long now;

    // network behaviour, changed by faults
    private double dropRate;
    private double duplicateRate;
    private int maxExtraDelay;
    /** This seed's faults favour crashing the leader soon after it is elected (the Raft paper's Figure 8 runs). */
    private final boolean leaderHunter;

    // what the invariants remember
    private final List<RaftEntry> committed = new ArrayList<>();
    /** For each committed index, the term of the leader that committed it (a leader of an older term may lack it). */
    private final List<Long> committedInTerm = new ArrayList<>();
    private final Map<Long, Integer> leaderOfTerm = new HashMap<>();
    private final Map<String, byte[]> proposals = new HashMap<>();
    private final List<long[]> acked = new ArrayList<>();
    private int proposalCounter;
    private int lastKnownLeader = RaftNode.NO_NODE;

    // liveness after healing
    private long healedAt = -1;
    private long firstIndexProposedAfterHeal = -1;
    private long progressCommittedAt = -1;

    // statistics
    private int steps;
    private int elections;
    private int crashes;

    public RaftSimulation(long seed, int n, Scenario scenario) {
        this.seed = seed;
        this.n = n;
        this.scenario = scenario;
        this.rnd = new SplittableRandom(seed);
        this.nodes = new Node[n];
        this.linkUp = new boolean[n][n];
        for (boolean[] row : linkUp) {
            java.util.Arrays.fill(row, true);
        }
        boolean chaos = scenario == Scenario.CHAOS;
        int preferred = chaos && rnd.nextInt(4) == 0 ? rnd.nextInt(n) : RaftNode.NO_NODE;
        int maxInflight = 1 + rnd.nextInt(8);
        int maxBatchEntries = rnd.nextInt(3) == 0 ? 1 : 1 + rnd.nextInt(16);
        int maxBatchBytes = 16 + rnd.nextInt(512);
        List<Integer> voters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            voters.add(i);
        }
        for (int i = 0; i < n; i++) {
            RaftConfig.Settings settings = new RaftConfig.Settings(i, voters, 150, 300, 50, maxInflight,
                maxBatchEntries, maxBatchBytes, 1000, 100, preferred, 50);
            double rate = chaos ? 0.9 + 0.2 * rnd.nextDouble() : 1.0;
            nodes[i] = new Node(i, settings, rate, rnd.nextLong(1_000_000_000L));
        }
        leaderHunter = chaos && rnd.nextInt(3) == 0;
        if (chaos) {
            dropRate = rnd.nextDouble() * 0.1;
            duplicateRate = rnd.nextDouble() * 0.05;
            maxExtraDelay = rnd.nextInt(30);
        }
    }

    /** Statistics of a finished run. */
    public record Result(int steps, int elections, int crashes, int committed, int acked) {
    }

    /** Runs to the end or throws {@link AssertionError} with the seed and the trace. */
    public Result run() {
        try {
            for (Node node : nodes) {
                node.start();
                schedule(rnd.nextInt(10), new Tick(node.id));
                schedule(rnd.nextInt(10), new Flush(node.id));
            }
            schedule(20, new Client());
            if (scenario == Scenario.CHAOS) {
                runChaos();
            } else {
                runIsolatedFollower();
            }
            finalChecks();
            return new Result(steps, elections, crashes, committed.size(), acked.size());
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError("Raft simulation failed: seed " + seed + " (" + n + " nodes, " + scenario
                + ") at t=" + now + " ms: " + e.getMessage() + "\n  rerun with -Draft.sim.seed=" + seed
                + (n == 3 ? "" : " -Draft.sim.nodes=" + n) + "\n" + nodesState() + "last events:\n" + formatTrace(), e);
        }
    }

    private void runChaos() {
        long chaosEnd = 1000 + rnd.nextInt(2500);
        schedule(rnd.nextInt(300), new Fault());
        runUntil(chaosEnd);
        heal();
        healedAt = now;
        long bound = 5000;
        // Run until every node has committed a proposal made after healing, and a little more for late effects.
        while (now < healedAt + bound && (progressCommittedAt < 0 || now < progressCommittedAt + 200)) {
            runUntil(now + 50);
        }
        if (progressCommittedAt < 0) {
            throw new AssertionError("no progress within " + bound + " ms after the network healed (first proposal "
                + "after healing: " + (firstIndexProposedAfterHeal < 0 ? "none accepted" : "index "
                + firstIndexProposedAfterHeal) + ")");
        }
    }

    private void runIsolatedFollower() {
        runUntil(1500);
        Node leader = currentLeader();
        if (leader == null) {
            throw new AssertionError("no leader after 1500 ms on a clean network");
        }
        long term = leader.raft.currentTerm();
        int victim = (leader.id + 1 + rnd.nextInt(n - 1)) % n;
        setIsolated(victim, true);
        trace("isolate n" + victim);
        runUntil(now + 500 + rnd.nextInt(3000));
        setIsolated(victim, false);
        trace("rejoin n" + victim);
        runUntil(now + 1500);
        Node after = currentLeader();
        if (after != leader || after.raft.currentTerm() != term) {
            throw new AssertionError("rejoining n" + victim + " disrupted the leader: n" + leader.id + " term " + term
                + " before, " + (after == null ? "none" : "n" + after.id + " term " + after.raft.currentTerm()) + " after");
        }
        for (Node node : nodes) {
            if (node.raft.currentTerm() != term) {
                throw new AssertionError("n" + node.id + " is in term " + node.raft.currentTerm() + ", leader's is " + term);
            }
        }
    }

    private void runUntil(long end) {
        while (!events.isEmpty() && events.peek().time <= end) {
            Event e = events.poll();
            now = e.time;
            step(e);
            steps++;
        }
        now = end;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Events

    private abstract static class Event implements Comparable<Event> {
        long time;
        long order;

        @Override
        public int compareTo(Event o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }

    private static final class Tick extends Event {
        final int node;

        Tick(int node) {
            this.node = node;
        }

        @Override
        public String toString() {
            return "tick n" + node;
        }
    }

    private static final class Flush extends Event {
        final int node;

        Flush(int node) {
            this.node = node;
        }

        @Override
        public String toString() {
            return "flush n" + node;
        }
    }

    private static final class Deliver extends Event {
        final int from;
        final int to;
        final byte[] bytes;
        final RaftMessage message;

        Deliver(int from, int to, byte[] bytes, RaftMessage message) {
            this.from = from;
            this.to = to;
            this.bytes = bytes;
            this.message = message;
        }

        @Override
        public String toString() {
            return "n" + from + "->n" + to + " " + message;
        }
    }

    private static final class Restart extends Event {
        final int node;

        Restart(int node) {
            this.node = node;
        }

        @Override
        public String toString() {
            return "restart n" + node;
        }
    }

    private static final class Client extends Event {
        @Override
        public String toString() {
            return "client";
        }
    }

    private static final class Fault extends Event {
        @Override
        public String toString() {
            return "fault";
        }
    }

    private void schedule(long delay, Event e) {
        e.time = now + Math.max(0, delay);
        e.order = seq++;
        events.add(e);
    }

    private void step(Event e) {
        if (e instanceof Tick t) {
            Node node = nodes[t.node];
            if (node.alive) {
                if (!node.paused()) {
                    node.raft.tick(node.localNow());
                    drainTracing(node, e);
                }
                schedule(5 + rnd.nextInt(16), new Tick(t.node));
            }
        } else if (e instanceof Flush f) {
            Node node = nodes[f.node];
            if (node.alive) {
                if (!node.paused()) {
                    node.log.flush();
                    node.raft.tick(node.localNow());
                    drainTracing(node, e);
                }
                schedule(rnd.nextInt(8) == 0 ? 20 + rnd.nextInt(60) : 1 + rnd.nextInt(10), new Flush(f.node));
            }
        } else if (e instanceof Deliver d) {
            deliver(d);
        } else if (e instanceof Restart r) {
            if (nodes[r.node].alive) {
                return; // healing restarted it already
            }
            trace(e);
            nodes[r.node].start();
            schedule(rnd.nextInt(10), new Tick(r.node));
            schedule(rnd.nextInt(10), new Flush(r.node));
        } else if (e instanceof Client) {
            propose();
            schedule(5 + rnd.nextInt(40), new Client());
        } else if (e instanceof Fault) {
            if (healedAt < 0) {
                fault();
                schedule(leaderHunter ? 20 + rnd.nextInt(150) : 50 + rnd.nextInt(400), new Fault());
            }
        }
        checkEveryStep();
    }

    private void deliver(Deliver d) {
        Node node = nodes[d.to];
        if (!node.alive) {
            return;
        }
        if (node.paused()) {
            // A paused process reads its socket late: the message waits.
            d.time = node.pausedUntil;
            d.order = seq++;
            events.add(d);
            return;
        }
        RaftMessage decoded;
        try {
            decoded = RaftMessageCodec.decode(d.bytes);
        } catch (RaftWireException ex) {
            throw new AssertionError("the codec cannot read its own encoding of " + d.message + ": " + ex.getMessage());
        }
        if (!decoded.equals(d.message)) {
            throw new AssertionError("codec round trip changed " + d.message + " into " + decoded);
        }
        trace(d);
        node.raft.handle(decoded, node.localNow());
        drain(node);
    }

    private void propose() {
        List<Node> alive = new ArrayList<>();
        for (Node node : nodes) {
            if (node.alive && !node.paused()) {
                alive.add(node);
            }
        }
        if (alive.isEmpty()) {
            return;
        }
        Node target = lastKnownLeader != RaftNode.NO_NODE && nodes[lastKnownLeader].alive && rnd.nextInt(4) != 0
            ? nodes[lastKnownLeader] : alive.get(rnd.nextInt(alive.size()));
        if (target.paused()) {
            return;
        }
        byte[] payload = ("s" + seed + "p" + (proposalCounter++) + "x".repeat(rnd.nextInt(40)))
            .getBytes(StandardCharsets.US_ASCII);
        ProposeResult result = target.raft.propose(payload, target.localNow());
        trace("propose to n" + target.id + " -> " + result);
        if (result.accepted()) {
            proposals.put(result.index() + "@" + result.term(), payload);
            if (healedAt >= 0 && firstIndexProposedAfterHeal < 0) {
                firstIndexProposedAfterHeal = result.index();
            }
        }
        drain(target);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Faults

    private void fault() {
        Node leader = currentLeader();
        if (leaderHunter && leader != null && rnd.nextBoolean()) {
            leader.crash();
            crashes++;
            trace("crash leader n" + leader.id + " (log now ends at " + leader.log.lastIndex() + ")");
            schedule(20 + rnd.nextInt(300), new Restart(leader.id));
            return;
        }
        int kind = rnd.nextInt(10);
        switch (kind) {
            case 0 -> { // partition into two random sides
                boolean[] side = new boolean[n];
                for (int i = 0; i < n; i++) {
                    side[i] = rnd.nextBoolean();
                }
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        linkUp[a][b] = side[a] == side[b];
                    }
                }
                trace("partition " + java.util.Arrays.toString(side));
            }
            case 1 -> {
                int victim = rnd.nextInt(n);
                setIsolated(victim, true);
                trace("isolate n" + victim);
            }
            case 2 -> { // one-way link
                int a = rnd.nextInt(n);
                int b = rnd.nextInt(n);
                linkUp[a][b] = false;
                trace("cut link n" + a + "->n" + b);
            }
            case 3, 4 -> {
                for (boolean[] row : linkUp) {
                    java.util.Arrays.fill(row, true);
                }
                trace("heal links");
            }
            case 5 -> {
                Node victim = nodes[rnd.nextInt(n)];
                if (victim.alive) {
                    victim.crash();
                    crashes++;
                    trace("crash n" + victim.id + " (log now ends at " + victim.log.lastIndex() + ")");
                    schedule(20 + rnd.nextInt(600), new Restart(victim.id));
                }
            }
            case 6 -> {
                Node victim = nodes[rnd.nextInt(n)];
                victim.pausedUntil = now + 50 + rnd.nextInt(500);
                trace("pause n" + victim.id + " until " + victim.pausedUntil);
            }
            case 7 -> {
                dropRate = rnd.nextInt(3) == 0 ? rnd.nextDouble() * 0.5 : rnd.nextDouble() * 0.1;
                duplicateRate = rnd.nextDouble() * 0.1;
                maxExtraDelay = rnd.nextInt(3) == 0 ? rnd.nextInt(200) : rnd.nextInt(30);
                trace("network drop=" + dropRate + " dup=" + duplicateRate + " extraDelay=" + maxExtraDelay);
            }
            case 8 -> { // leadership transfer, as an operator would ask
                if (leader != null) {
                    int target = rnd.nextInt(n);
                    var status = leader.raft.transferLeadership(target, leader.localNow());
                    trace("transfer n" + leader.id + " -> n" + target + ": " + status);
                    drain(leader);
                }
            }
            default -> { // a node's disk becomes slow or fast again (flush scheduling is random per flush anyway)
                Node victim = nodes[rnd.nextInt(n)];
                victim.pausedUntil = Math.max(victim.pausedUntil, now + rnd.nextInt(100));
                trace("hiccup n" + victim.id);
            }
        }
    }

    private void setIsolated(int victim, boolean isolated) {
        for (int i = 0; i < n; i++) {
            if (i != victim) {
                linkUp[victim][i] = !isolated;
                linkUp[i][victim] = !isolated;
            }
        }
    }

    private void heal() {
        for (boolean[] row : linkUp) {
            java.util.Arrays.fill(row, true);
        }
        dropRate = 0;
        duplicateRate = 0;
        maxExtraDelay = 5;
        for (Node node : nodes) {
            node.pausedUntil = Math.min(node.pausedUntil, now);
            if (!node.alive) {
                node.start();
                schedule(rnd.nextInt(10), new Tick(node.id));
                schedule(rnd.nextInt(10), new Flush(node.id));
            }
        }
        trace("HEAL");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Effects and invariants

    /** Ticks and flushes that change nothing stay out of the trace, which keeps it short enough to read. */
    private void drainTracing(Node node, Event cause) {
        List<RaftEffect> effects = node.raft.drainEffects();
        if (!effects.isEmpty()) {
            trace(cause);
        }
        process(node, effects);
    }

    private void drain(Node node) {
        process(node, node.raft.drainEffects());
    }

    private void process(Node node, List<RaftEffect> effects) {
        for (RaftEffect effect : effects) {
            if (effect instanceof RaftEffect.Send s) {
                send(node.id, s.to(), s.message());
            } else if (effect instanceof RaftEffect.CommitAdvanced c) {
                checkCommit(node, c.commitIndex());
            } else if (effect instanceof RaftEffect.RoleChanged r) {
                trace(node.raft.toString());
                if (r.role() == RaftRole.LEADER) {
                    elections++;
                    lastKnownLeader = node.id;
                    checkLeaderCompleteness(node);
                }
            } else if (effect instanceof RaftEffect.ProposalOutcome o) {
                if (o.outcome() == RaftEffect.Outcome.COMMITTED) {
                    checkAcked(o.index(), o.term());
                }
            }
        }
        if (node.raft.role() == RaftRole.LEADER) {
            Integer previous = leaderOfTerm.putIfAbsent(node.raft.currentTerm(), node.id);
            if (previous != null && previous != node.id) {
                throw new AssertionError("two leaders in term " + node.raft.currentTerm() + ": n" + previous + " and n"
                    + node.id);
            }
        }
    }

    private void send(int from, int to, RaftMessage message) {
        if (!linkUp[from][to] || rnd.nextDouble() < dropRate) {
            return;
        }
        byte[] bytes = RaftMessageCodec.encode(message);
        int copies = rnd.nextDouble() < duplicateRate ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            schedule(1 + rnd.nextInt(5) + (maxExtraDelay == 0 ? 0 : rnd.nextInt(maxExtraDelay)),
                new Deliver(from, to, bytes, message));
        }
    }

    /** A node's committed prefix extends (or agrees with) the group's committed sequence. */
    private void checkCommit(Node node, long commitIndex) {
        if (commitIndex > node.log.lastIndex()) {
            throw new AssertionError("n" + node.id + " commits " + commitIndex + " beyond its last index "
                + node.log.lastIndex());
        }
        for (long i = node.checkedCommit + 1; i <= commitIndex; i++) {
            RaftEntry mine = node.log.entry(i);
            if (i <= committed.size()) {
                RaftEntry known = committed.get((int) i - 1);
                if (!known.equals(mine)) {
                    throw new AssertionError("n" + node.id + " commits " + mine + " at " + i + " where " + known
                        + " was committed");
                }
            } else {
                committed.add(mine);
                committedInTerm.add(node.raft.currentTerm());
            }
        }
        node.checkedCommit = Math.max(node.checkedCommit, commitIndex);
        if (healedAt >= 0 && firstIndexProposedAfterHeal > 0 && progressCommittedAt < 0) {
            boolean all = true;
            for (Node x : nodes) {
                all &= x.alive && x.raft.commitIndex() >= firstIndexProposedAfterHeal;
            }
            if (all) {
                progressCommittedAt = now;
                trace("PROGRESS: every node committed index " + firstIndexProposedAfterHeal);
            }
        }
    }

    /**
     * Leader completeness: a new leader holds every entry committed in an earlier term. (A leader of an older term, its
     * votes delayed in the network, may lack entries committed since; it cannot commit anything itself.)
     */
    private void checkLeaderCompleteness(Node node) {
        long term = node.raft.currentTerm();
        for (int i = 1; i <= committed.size(); i++) {
            if (committedInTerm.get(i - 1) >= term) {
                continue;
            }
            RaftEntry mine = i <= node.log.lastIndex() ? node.log.entry(i) : null;
            if (!committed.get(i - 1).equals(mine)) {
                throw new AssertionError("n" + node.id + " leads term " + term + " without " + committed.get(i - 1)
                    + ", committed in term " + committedInTerm.get(i - 1) + " (has " + mine + ")");
            }
        }
    }

    /** An acknowledged proposal is the committed entry at its index. */
    private void checkAcked(long index, long term) {
        byte[] payload = proposals.get(index + "@" + term);
        if (payload == null) {
            throw new AssertionError("acknowledged " + index + "@" + term + " was never proposed");
        }
        if (index > committed.size()) {
            throw new AssertionError("acknowledged " + index + "@" + term + " beyond the committed " + committed.size());
        }
        RaftEntry e = committed.get((int) index - 1);
        if (e.term() != term || !java.util.Arrays.equals(e.payload(), payload)) {
            throw new AssertionError("acknowledged " + index + "@" + term + " but " + e + " is committed there");
        }
        acked.add(new long[] {index, term});
    }

    /** The last committed entry is durable, equal, on a quorum of logs (crashed nodes' disks included). */
    private void checkEveryStep() {
        int c = committed.size();
        if (c == 0 || !DURABLE_QUORUM_CHECK) {
            return;
        }
        RaftEntry last = committed.get(c - 1);
        int holders = 0;
        for (Node node : nodes) {
            if (node.log.durableIndex() >= c && node.log.entry(c).equals(last)) {
                holders++;
            }
        }
        if (holders < n / 2 + 1) {
            throw new AssertionError("committed " + last + " is durable on only " + holders + " of " + n + " logs");
        }
    }

    private void finalChecks() {
        for (long[] a : acked) {
            RaftEntry e = committed.get((int) a[0] - 1);
            if (e.term() != a[1]) {
                throw new AssertionError("acknowledged " + a[0] + "@" + a[1] + " is no longer committed");
            }
        }
        for (Node node : nodes) {
            if (!node.alive) {
                continue;
            }
            long upTo = Math.min(node.raft.commitIndex(), committed.size());
            for (long i = 1; i <= upTo; i++) {
                if (!node.log.entry(i).equals(committed.get((int) i - 1))) {
                    throw new AssertionError("n" + node.id + " holds " + node.log.entry(i) + " at committed index " + i);
                }
            }
        }
    }

    private Node currentLeader() {
        Node best = null;
        for (Node node : nodes) {
            if (node.alive && node.raft.role() == RaftRole.LEADER
                && (best == null || node.raft.currentTerm() > best.raft.currentTerm())) {
                best = node;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Trace

    private void trace(Object what) {
        trace[traceNext % TRACE_LENGTH] = new Object[] {now, what};
        traceNext++;
    }

    private String formatTrace() {
        StringBuilder out = new StringBuilder();
        int from = Math.max(0, traceNext - (Boolean.getBoolean("raft.sim.fullTrace") ? TRACE_LENGTH : 80));
        for (int i = from; i < traceNext; i++) {
            Object[] t = (Object[]) trace[i % TRACE_LENGTH];
            out.append("  ").append(t[0]).append(" ms  ").append(t[1]).append('\n');
        }
        return out.toString();
    }

    private String nodesState() {
        StringBuilder out = new StringBuilder("nodes:\n");
        for (Node node : nodes) {
            out.append("  ").append(node.alive ? node.raft.toString() : "n" + node.id + " down").append('\n');
        }
        out.append("  committed: ").append(committed.size()).append('\n');
        return out.toString();
    }

    // ---------------------------------------------------------------------------------------------------------------

    private final class Node {
        final int id;
        final RaftConfig.Settings settings;
        final double clockRate;
        final long clockOffset;
        final InMemoryRaftLog log = new InMemoryRaftLog();
        final InMemoryStateStore store = new InMemoryStateStore();
        RaftNode raft;
        boolean alive;
        long pausedUntil;
        long checkedCommit;

        Node(int id, RaftConfig.Settings settings, double clockRate, long clockOffset) {
            this.id = id;
            this.settings = settings;
            this.clockRate = clockRate;
            this.clockOffset = clockOffset;
        }

        /** This node's clock: its own origin and rate; never runs backwards. */
        long localNow() {
            return clockOffset + (long) (now * clockRate);
        }

        boolean paused() {
            return now < pausedUntil;
        }

        void start() {
            raft = new RaftNode(settings, log, store, new SplittableRandom(rnd.nextLong()), localNow());
            alive = true;
            checkedCommit = 0;
            drain(this);
        }

        void crash() {
            alive = false;
            log.crash();
        }
    }
}
