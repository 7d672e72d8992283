package dev.petrel.broker.dledger;

import dev.petrel.broker.replication.Replication;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.raft.RaftConfig;
import dev.petrel.raft.RaftPeers;
import dev.petrel.raft.RaftRole;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.gate.CommitGate;
import dev.petrel.store.raft.RaftIndexFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;

/**
 * DLedger mode ({@code enableDLegerCommitLog=true}): this broker is a member of a Raft group whose log is its
 * CommitLog (docs/architecture.md, "DLedger mode"). It supplies the store's gate ({@link RaftCommitGate}: confirmed =
 * committed by the group), runs the {@link RaftLoop} over the recovered store ({@link StoreCommitLogBytes},
 * {@link CommitLogRaftLog}, {@link FileRaftStateStore}, {@link RemotingRaftTransport}) and turns the loop's role
 * changes into the store's role and the brokerId the broker registers:
 * <ul>
 *   <li>at start, and on any role but leader: store FOLLOWER (puts refused NOT_LEADER → SERVICE_NOT_AVAILABLE),
 *       brokerId {@code selfId + 1} (Apache's DLedger broker registers followers the same way: n0 → 1, n1 → 2; ha.md
 *       §2.2);</li>
 *   <li>on {@link RaftListener#onLeaderReady} (its term's marker committed: everything earlier leaders wrote is
 *       committed) and once the store dispatched everything committed (so queue offsets and ConsumeQueues are
 *       complete, as Apache's DLedgerRoleChangeHandler waits for): store LEADER, appends proposed, brokerId 0
 *       registered with the term as {@code DataVersion.stateVersion} (followers send 0), so a NameServer never gives
 *       brokerId 0 back to a deposed leader that registers late ({@link #registeredAs()}).</li>
 * </ul>
 *
 * <p>Threads: the Raft loop's ({@code petrel-raft-<group>-<self>}) calls the listener methods; demotion happens there at
 * once (the store stops taking puts before anything else runs). Promotion waits for dispatch on
 * {@code petrel-dledger-role-<group>}, which also carries every {@link RoleListener} call, in order.
 */
public final class RaftReplication implements Replication, RaftListener {

    private static final Logger LOG = LoggerFactory.getLogger(RaftReplication.class);
    private static final long DISPATCH_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Proposals the put path keeps outstanding; appends beyond are coalesced into the next one. */
    private static final int MAX_PROPOSALS_IN_FLIGHT = 256;
    /** Longest an admin request waits for the loop's view of the followers. */
    private static final long STATUS_WAIT_MILLIS = 3000;
    /** How long a stop waits for a role change in progress (it only re-registers and follows the role by then). */
    private static final long ROLE_WORK_STOP_MILLIS = 2_000;

    private final String group;
    private final String selfName;
    private final RaftConfig.Settings settings;
    private final RaftPeers peers;
    private final Path raftDir;
    private final int indexSegmentRecords;
    private final long commitTimeoutMillis;
    private final int peerQueueCapacity;
    private final int peerSendTimeoutMs;
    private final int peerRetryIntervalMs;
    private final String haServerAddress;
    private final long maxGapNotInSync;
    private final long indexForceIntervalMillis;
    private final Clock clock;
    private final Object roleLock = new Object();
    private final ExecutorService roleWork;
    private final LongAdder refusedProposals = new LongAdder();
    private volatile RaftCommitGate gate;
    private volatile MessageStore store;
    private volatile StoreCommitLogBytes bytes;
    private volatile RaftLoop loop;
    private volatile RoleListener listener;
    /** The followers' copy of the leader's metadata; null when built without (tests of the log alone). */
    private final dev.petrel.broker.ha.SlaveSynchronize metadataSync;
    private volatile int followedLeader = dev.petrel.raft.RaftNode.NO_NODE;
    /** Written under roleLock: the brokerId and state version registered now (followers: selfId + 1 and 0). */
    private volatile RegisteredAs registeredAs;

    /**
     * @param config          broker.conf (the raft keys of {@link RaftConfig#DEF}, {@link DLedgerConfig#DEF})
     * @param storeRoot       {@code storePathRootDir}; the raft index and state live in {@code raft/} there
     * @param haServerAddress what to register as {@code haServerAddr} (unused by a Raft group's members)
     */
    public RaftReplication(Config config, Path storeRoot, String haServerAddress, Clock clock) {
        this(config, storeRoot, haServerAddress, clock, null);
    }

    /**
     * What a follower needs to copy the leader's metadata (topics, subscription groups, consumer and delay offsets),
     * as a classic slave copies its master's.
     *
     * @param nameServers where the leader's broker address is looked up ({@link LeaderLookup})
     */
    public record MetadataCopy(dev.petrel.remoting.RemotingClient client, dev.petrel.broker.replication.MetadataTables tables,
                               String ownAddress, String brokerName, java.util.List<String> nameServers,
                               long intervalMillis, long timeoutMillis) {
    }

    /** @param metadata the followers' metadata copy; null for none */
    public RaftReplication(Config config, Path storeRoot, String haServerAddress, Clock clock, MetadataCopy metadata) {
        if (config.get(dev.petrel.store.StoreConfig.TRANSIENT_STORE_POOL_ENABLE)) {
            // Proposals read the bytes the put path just wrote; with the pool they are readable only once committed
            // from the write buffer. Apache's DLedger CommitLog has no transient pool either.
            throw new IllegalArgumentException("enableDLegerCommitLog=true does not work with "
                + "transientStorePoolEnable=true: set transientStorePoolEnable=false");
        }
        this.settings = RaftConfig.Settings.of(config);
        this.group = config.get(RaftConfig.D_LEGER_GROUP);
        this.selfName = config.get(RaftConfig.D_LEGER_SELF_ID);
        this.peers = RaftPeers.parse(config.get(RaftConfig.D_LEGER_PEERS));
        this.raftDir = storeRoot.resolve("raft");
        this.indexSegmentRecords = config.get(DLedgerConfig.RAFT_INDEX_SEGMENT_RECORDS);
        this.commitTimeoutMillis = config.get(DLedgerConfig.RAFT_COMMIT_TIMEOUT_MS);
        this.peerQueueCapacity = config.get(DLedgerConfig.RAFT_PEER_QUEUE_CAPACITY);
        this.peerSendTimeoutMs = config.get(DLedgerConfig.RAFT_PEER_SEND_TIMEOUT_MS);
        this.peerRetryIntervalMs = config.get(DLedgerConfig.RAFT_PEER_RETRY_INTERVAL_MS);
        this.haServerAddress = haServerAddress;
        this.maxGapNotInSync = dev.petrel.broker.ha.HaConfig.Settings.of(config).maxGapNotInSync();
        // The raft index is as durable as the CommitLog bytes it points at: forced with them under SYNC_FLUSH, forced
        // in the background as often as the store's flush loop forces the CommitLog under ASYNC_FLUSH.
        this.indexForceIntervalMillis = config.get(dev.petrel.store.StoreConfig.FLUSH_DISK_TYPE)
            == dev.petrel.store.StoreConfig.FlushDiskType.SYNC_FLUSH ? 0
            : config.get(dev.petrel.store.StoreConfig.FLUSH_INTERVAL_COMMIT_LOG);
        this.clock = clock;
        this.registeredAs = asFollower();
        if (metadata == null) {
            this.metadataSync = null;
        } else {
            LeaderLookup lookup = new LeaderLookup(metadata.client(), metadata.nameServers(), metadata.brokerName(),
                metadata.ownAddress(), metadata.timeoutMillis());
            this.metadataSync = new dev.petrel.broker.ha.SlaveSynchronize(metadata.client(), metadata.tables(),
                metadata.ownAddress(), metadata.intervalMillis(), metadata.timeoutMillis(), clock::millis,
                () -> following() ? lookup.leaderAddress() : null, this::following);
        }
        this.roleWork = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "petrel-dledger-role-" + group);
            t.setDaemon(true);
            return t;
        });
    }

    /** Apache's DLedger broker: {@code id = selfIdNumber + 1} for every non-leader (n0 → 1); never 0. */
    private long followerBrokerId() {
        return settings.selfId() + 1L;
    }

    /**
     * A follower's registration: its own id, which no other member registers, so it backs no claim with a term and
     * sends state version 0 (a member restarted at another address then takes its id over at once).
     */
    private RegisteredAs asFollower() {
        return new RegisteredAs(followerBrokerId(), 0);
    }

    @Override
    public UnaryOperator<CommitGate> gateWrapper() {
        return local -> {
            RaftCommitGate g = new RaftCommitGate(local, commitTimeoutMillis,
                Math.max(1, Math.min(MAX_PROPOSALS_IN_FLIGHT, settings.maxPendingProposals() / 2)));
            gate = g;
            return g;
        };
    }

    @Override
    public StoreRole initialRole() {
        return StoreRole.FOLLOWER;
    }

    @Override
    public void start(MessageStore recovered, RoleListener roleListener) {
        if (gate == null) {
            throw new IllegalStateException("the store was not built with this replication's gate wrapper");
        }
        this.store = recovered;
        this.listener = roleListener;
        try {
            Path indexDir = raftDir.resolve("index");
            boolean fresh = !Files.isDirectory(indexDir);
            long base = recovered.commitLogMaxOffset();
            if (fresh && base > 0) {
                LOG.warn("DLedger mode on a store with {} CommitLog bytes and no raft index: the group replicates from "
                    + "offset {} on; every member must hold the same bytes below it (copy the store first)", base, base);
            }
            bytes = new StoreCommitLogBytes(recovered, gate::locallyConfirmed, clock::nanos);
            RaftIndexFile index = RaftIndexFile.open(indexDir, indexSegmentRecords, fresh ? base : 0,
                StoreFileFactory.mapped());
            CommitLogRaftLog log = new CommitLogRaftLog(index, bytes, indexForceIntervalMillis);
            RemotingRaftTransport transport = new RemotingRaftTransport(group, settings.selfId(), peers,
                peers.peer(settings.selfId()).host(), peerQueueCapacity, peerSendTimeoutMs, peerRetryIntervalMs, clock);
            loop = new RaftLoop(group, selfName, settings, log, new FileRaftStateStore(raftDir), transport, this, clock,
                new SplittableRandom()); // self-seeded: election timeouts differ between members
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the Raft files in " + raftDir, e);
        }
        loop.startLoop();
        if (metadataSync != null) {
            metadataSync.start();
        }
        LOG.info("DLedger mode: {} of group {} (peers {}), follower until elected (brokerId {})", selfName, group,
            peers.nodeIds(), registeredAs.brokerId());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // RaftListener (the Raft loop's thread)

    @Override
    public void onCommitted(long commitIndex, long committedOffset) {
        gate.committed(committedOffset);
    }

    @Override
    public void onRoleChanged(RaftRole role, long term, int leaderId) {
        if (role == RaftRole.LEADER) {
            return; // writable only once ready (onLeaderReady)
        }
        if (metadataSync != null && leaderId != followedLeader) {
            followedLeader = leaderId;
            if (leaderId != dev.petrel.raft.RaftNode.NO_NODE && leaderId != settings.selfId()) {
                metadataSync.syncSoon(); // a new leader: look it up (once it registered) instead of waiting a round
            }
        }
        boolean demoted;
        synchronized (roleLock) {
            demoted = store.role() != StoreRole.FOLLOWER;
            if (demoted) {
                store.setRole(StoreRole.FOLLOWER);
                gate.stopProposing();
                registeredAs = asFollower();
            }
        }
        if (demoted) {
            LOG.warn("raft {}: no longer the leader (now {} in term {}); the store refuses sends", selfName, role, term);
            long id = followerBrokerId();
            later(() -> listener.roleChanged(StoreRole.FOLLOWER, id));
        }
    }

    @Override
    public void onLeaderReady(long term, long committedOffset) {
        later(() -> promote(term, committedOffset));
    }

    private void later(Runnable work) {
        try {
            roleWork.execute(work);
        } catch (java.util.concurrent.RejectedExecutionException stopping) {
            // stop() ran: the broker is closing and no longer cares about roles
        }
    }

    /** On the role thread: once the store dispatched everything committed, become writable (if still leading). */
    private void promote(long term, long committedOffset) {
        while (store.dispatchedOffset() < committedOffset) {
            if (!stillLeading(term)) {
                return;
            }
            LockSupport.parkNanos(DISPATCH_POLL_NANOS);
        }
        synchronized (roleLock) {
            if (!stillLeading(term)) {
                return;
            }
            gate.startProposing(store.commitLogMaxOffset(), bytes, this::propose);
            store.setRole(StoreRole.LEADER);
            // The term backs the claim to brokerId 0: a NameServer keeps the id for a leader of a later term when this
            // node, deposed but not yet told, registers again (terms only grow, and a term has one leader).
            registeredAs = new RegisteredAs(0, term);
        }
        LOG.info("raft {}: leader of group {} in term {}, dispatched up to {}: serving sends as brokerId 0 (state "
            + "version {})", selfName, group, term, committedOffset, term);
        listener.roleChanged(StoreRole.LEADER, 0);
    }

    /** A follower of a known other leader, with a store that refuses writes: it may copy the leader's metadata. */
    private boolean following() {
        RaftLoop l = loop;
        MessageStore s = store;
        if (l == null || s == null || s.role() != StoreRole.FOLLOWER || l.role() != RaftRole.FOLLOWER) {
            return false;
        }
        int leader = l.leaderId();
        return leader != dev.petrel.raft.RaftNode.NO_NODE && leader != settings.selfId();
    }

    /** The followers' metadata copy (null when built without one). */
    public dev.petrel.broker.ha.SlaveSynchronize metadataSync() {
        return metadataSync;
    }

    private boolean stillLeading(long term) {
        RaftLoop l = loop;
        return l != null && l.role() == RaftRole.LEADER && l.term() == term;
    }

    private java.util.concurrent.CompletableFuture<ProposalResult> propose(long offset, byte[] payload) {
        RaftLoop l = loop;
        if (l == null) {
            return java.util.concurrent.CompletableFuture.completedFuture(
                new ProposalResult(ProposalResult.Status.STOPPED, 0, 0, dev.petrel.raft.RaftNode.NO_NODE));
        }
        return l.propose(offset, payload).whenComplete((r, e) -> {
            if (r != null && r.status() != ProposalResult.Status.COMMITTED
                && r.status() != ProposalResult.Status.LEADERSHIP_LOST) {
                refusedProposals.increment();
            }
        });
    }

    // ---------------------------------------------------------------------------------------------------------------

    @Override
    public long brokerId() {
        return registeredAs.brokerId();
    }

    /** brokerId 0 with the term this node was promoted in while it leads; {@code selfId + 1} and 0 otherwise. */
    @Override
    public RegisteredAs registeredAs() {
        return registeredAs;
    }

    @Override
    public String haServerAddress() {
        return haServerAddress;
    }

    @Override
    public Map<String, String> runtimeInfo() {
        Map<String, String> m = new LinkedHashMap<>();
        RaftLoop l = loop;
        if (l == null) {
            return m;
        }
        m.put("petrelRaftGroup", group);
        m.put("petrelRaftSelfId", selfName);
        m.put("petrelRaftRole", l.role().name());
        m.put("petrelRaftTerm", Long.toString(l.term()));
        m.put("petrelRaftLeaderId", Integer.toString(l.leaderId()));
        m.put("petrelRaftCommittedIndex", Long.toString(l.committedIndex()));
        m.put("petrelRaftCommittedOffset", Long.toString(l.committedOffset()));
        m.put("petrelRaftRefusedProposals", Long.toString(refusedProposals.sum()));
        m.put("petrelRaftDroppedInbound", Long.toString(l.droppedInbound()));
        if (metadataSync != null) {
            String from = metadataSync.masterAddress();
            m.put("masterAddr", from == null ? "" : from);
            m.put("slaveSyncLastTimestamp", Long.toString(metadataSync.lastSyncMillis()));
        }
        return m;
    }

    /**
     * GET_BROKER_HA_STATUS in DLedger mode (Apache 5.3.1 answers SYSTEM_ERROR there: its DLedger broker has no HA
     * service). The writable leader is the master and its followers the connections: {@code addr} is the follower's
     * {@code dLegerPeers} address, {@code slaveAckOffset} the CommitLog offset it holds durably (what counts for the
     * quorum), {@code transferFromWhere} where the next entry sent to it starts, {@code inSync} within
     * {@code haMaxGapNotInSync} and heard from within the minimum election timeout, {@code transferredByteInSecond}
     * the payload bytes of the entries sent to it in the last whole second (as a classic master counts the bytes
     * written to a slave connection). Any other member (a follower, or a leader still promoting) is a replica:
     * {@code masterAddr} is the known leader's {@code dLegerPeers} address, the rate and timestamps are those of the
     * leader's appends received and of the answers sent to it, and {@code masterFlushOffset} is the group's committed
     * CommitLog offset as this member knows it.
     */
    @Override
    public HaRuntimeInfo haStatus() {
        RaftLoop l = loop;
        MessageStore s = store;
        if (l == null || s == null) {
            return null;
        }
        long max = s.commitLogMaxOffset();
        if (s.role() == StoreRole.LEADER) {
            List<RaftLoop.FollowerStatus> followers;
            try {
                followers = l.followers().get(STATUS_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                followers = List.of();
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                followers = List.of();
            }
            List<HaRuntimeInfo.Connection> connections = new ArrayList<>();
            int inSync = 0;
            for (RaftLoop.FollowerStatus f : followers) {
                boolean ok = max - f.matchedOffset() <= maxGapNotInSync && f.sinceContactMs() < settings.electionTimeoutMin();
                inSync += ok ? 1 : 0;
                connections.add(new HaRuntimeInfo.Connection(peerAddress(f.nodeId()), f.matchedOffset(),
                    max - f.matchedOffset(), ok, f.bytesPerSecond(), f.nextOffset()));
            }
            return HaRuntimeInfo.ofMaster(max, inSync, connections);
        }
        int leader = l.leaderId();
        String leaderAddr = leader == dev.petrel.raft.RaftNode.NO_NODE || leader == settings.selfId() ? null
            : peerAddress(leader);
        return HaRuntimeInfo.ofReplica(new HaRuntimeInfo.Client(leaderAddr, l.appendBytesPerSecond(), max,
            l.lastAppendReceivedMillis(), l.lastSentToLeaderMillis(), l.committedOffset()));
    }

    private String peerAddress(int nodeId) {
        RaftPeers.Peer p = peers.peer(nodeId);
        return p.host() + ":" + p.port();
    }

    /** The Raft loop (null before {@link #start}). */
    public RaftLoop loop() {
        return loop;
    }

    /** The commit gate the store uses (null before the store was built). */
    public RaftCommitGate gate() {
        return gate;
    }

    /**
     * Stops the role thread, the loop and the transport (idempotent); the store stays open, a FOLLOWER. Every wait is
     * bounded: a role change in progress sees the loop gone at its next check (a promotion waiting for dispatch polls
     * every millisecond) and is waited for at most {@link #ROLE_WORK_STOP_MILLIS}; the loop's thread parks at most
     * 50 ms between checks; the transport waits for its senders at most
     * {@link RemotingRaftTransport#SENDERS_JOIN_MILLIS}. Proposals still waiting complete STOPPED, so their bytes'
     * puts are answered by the store's shutdown that follows.
     */
    @Override
    public void stop() {
        if (metadataSync != null) {
            try {
                metadataSync.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        RaftLoop l;
        synchronized (roleLock) {
            // Under the lock: a promotion that has not yet taken it finds no loop and gives up, so the store is never
            // made LEADER again once the stop has begun.
            l = loop;
            loop = null;
            if (store != null && store.role() != StoreRole.FOLLOWER) {
                store.setRole(StoreRole.FOLLOWER);
            }
            if (gate != null) {
                gate.stopProposing();
            }
        }
        roleWork.shutdownNow();
        boolean interrupted = false;
        try {
            if (!roleWork.awaitTermination(ROLE_WORK_STOP_MILLIS, TimeUnit.MILLISECONDS)) {
                LOG.warn("raft {}: the role thread is still busy {} ms after the stop; going on", selfName,
                    ROLE_WORK_STOP_MILLIS);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        }
        if (l != null) {
            try {
                l.stop();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
