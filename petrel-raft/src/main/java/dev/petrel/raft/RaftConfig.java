package dev.petrel.raft;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

import java.util.List;

/**
 * DLedger mode's properties and the core's typed settings. The group keys carry RocketMQ's names ({@code dLegerGroup},
 * {@code dLegerPeers}, {@code dLegerSelfId}, {@code preferredLeaderId}); the timing and flow keys are Petrel's own
 * (DLedger does not expose its internals in broker.conf) with a {@code raft} prefix.
 */
public final class RaftConfig {

    public static final ConfigKey<String> D_LEGER_GROUP = ConfigKey.ofString("dLegerGroup", null,
        "Raft group name (advised: the brokerName); required in DLedger mode");
    public static final ConfigKey<String> D_LEGER_PEERS = ConfigKey.ofString("dLegerPeers", null,
        "group members as n0-host:port;n1-host:port;... (Raft ports, apart from listenPort); required in DLedger mode");
    public static final ConfigKey<String> D_LEGER_SELF_ID = ConfigKey.ofString("dLegerSelfId", null,
        "this node's id in dLegerPeers (one letter and a number, n0); required in DLedger mode");
    public static final ConfigKey<String> PREFERRED_LEADER_ID = ConfigKey.ofString("preferredLeaderId", null,
        "peer id that should lead when it is alive and caught up: the leader hands over to it (empty: none)");
    public static final ConfigKey<Integer> RAFT_ELECTION_TIMEOUT_MIN_MS = ConfigKey.ofInt("raftElectionTimeoutMinMs",
        2000, 10, 600_000, "shortest silence from the leader after which a follower campaigns, ms (each wait is drawn at "
            + "random in [min, max))");
    public static final ConfigKey<Integer> RAFT_ELECTION_TIMEOUT_MAX_MS = ConfigKey.ofInt("raftElectionTimeoutMaxMs",
        4000, 11, 600_000, "longest election wait, ms; also how long a leader keeps leading without hearing a quorum");
    public static final ConfigKey<Integer> RAFT_HEARTBEAT_INTERVAL_MS = ConfigKey.ofInt("raftHeartbeatIntervalMs", 500,
        1, 60_000, "leader heartbeat period, ms; keep it well under raftElectionTimeoutMinMs");
    public static final ConfigKey<Integer> RAFT_MAX_INFLIGHT_APPENDS = ConfigKey.ofInt("raftMaxInflightAppends", 1, 1,
        1024, "append requests in flight per follower before the leader waits for an answer; 1 batches everything "
            + "proposed meanwhile into the next request (fewest requests per message); raise it on high-latency links");
    public static final ConfigKey<Integer> RAFT_MAX_BATCH_BYTES = ConfigKey.ofInt("raftMaxBatchBytes", 1 << 20, 1,
        64 << 20, "payload bytes per append request (a larger single entry still goes alone)");
    public static final ConfigKey<Integer> RAFT_MAX_PENDING_PROPOSALS = ConfigKey.ofInt("raftMaxPendingProposals", 10_000,
        1, 10_000_000, "proposals waiting for a quorum before new ones are refused (DLedger: maxPendingRequestsNum)");

    public static final ConfigDef DEF = ConfigDef.of("raft", D_LEGER_GROUP, D_LEGER_PEERS, D_LEGER_SELF_ID,
        PREFERRED_LEADER_ID, RAFT_ELECTION_TIMEOUT_MIN_MS, RAFT_ELECTION_TIMEOUT_MAX_MS, RAFT_HEARTBEAT_INTERVAL_MS,
        RAFT_MAX_INFLIGHT_APPENDS, RAFT_MAX_BATCH_BYTES, RAFT_MAX_PENDING_PROPOSALS);

    private RaftConfig() {
    }

    /**
     * The core's settings. Times are milliseconds of the {@code now} the shell passes in.
     *
     * @param selfId                 this node's id
     * @param voters                 every member's id, this node's included (static membership)
     * @param electionTimeoutMin     see {@link #RAFT_ELECTION_TIMEOUT_MIN_MS}
     * @param electionTimeoutMax     see {@link #RAFT_ELECTION_TIMEOUT_MAX_MS}; also the check-quorum window
     * @param heartbeatInterval      see {@link #RAFT_HEARTBEAT_INTERVAL_MS}
     * @param maxInflightAppends     see {@link #RAFT_MAX_INFLIGHT_APPENDS}
     * @param maxBatchEntries        entries per append request
     * @param maxBatchBytes          see {@link #RAFT_MAX_BATCH_BYTES}
     * @param maxPendingProposals    see {@link #RAFT_MAX_PENDING_PROPOSALS}
     * @param appendTimeout          an unanswered append is resent from the last acknowledged index after this long
     * @param preferredLeaderId      the preferred leader, or {@link RaftNode#NO_NODE}
     * @param preferredLeaderMaxLag  the leader hands over only to a preferred node at most this many entries behind
     */
    public record Settings(int selfId, List<Integer> voters, int electionTimeoutMin, int electionTimeoutMax,
                           int heartbeatInterval, int maxInflightAppends, int maxBatchEntries, int maxBatchBytes,
                           int maxPendingProposals, int appendTimeout, int preferredLeaderId, int preferredLeaderMaxLag) {

        public Settings {
            voters = List.copyOf(voters);
            if (!voters.contains(selfId)) {
                throw new IllegalArgumentException("node " + selfId + " is not one of the voters " + voters);
            }
            if (voters.stream().distinct().count() != voters.size()) {
                throw new IllegalArgumentException("voters " + voters + " name a node twice");
            }
            if (electionTimeoutMin < 1 || electionTimeoutMax <= electionTimeoutMin) {
                throw new IllegalArgumentException("election timeout range [" + electionTimeoutMin + ", "
                    + electionTimeoutMax + ") is empty or negative");
            }
            if (heartbeatInterval < 1 || heartbeatInterval >= electionTimeoutMin) {
                throw new IllegalArgumentException("heartbeat interval " + heartbeatInterval
                    + " ms must be positive and below the election timeout " + electionTimeoutMin + " ms");
            }
            if (maxInflightAppends < 1 || maxBatchEntries < 1 || maxBatchBytes < 1 || maxPendingProposals < 1
                || appendTimeout < 1) {
                throw new IllegalArgumentException("flow limits must be positive");
            }
            if (preferredLeaderId != RaftNode.NO_NODE && !voters.contains(preferredLeaderId)) {
                throw new IllegalArgumentException("preferred leader " + preferredLeaderId + " is not a voter " + voters);
            }
        }

        /** Settings with the defaults of {@link #DEF} for everything but membership. */
        public static Settings defaults(int selfId, List<Integer> voters) {
            return of(DEF.defaults(), selfId, voters, RaftNode.NO_NODE);
        }

        /** Settings from parsed broker.conf properties, membership from {@code dLegerPeers}/{@code dLegerSelfId}. */
        public static Settings of(Config c) {
            String peersText = c.get(D_LEGER_PEERS);
            String self = c.get(D_LEGER_SELF_ID);
            if (peersText == null || self == null || c.get(D_LEGER_GROUP) == null) {
                throw new IllegalArgumentException("DLedger mode needs dLegerGroup, dLegerPeers and dLegerSelfId");
            }
            RaftPeers peers = RaftPeers.parse(peersText);
            String preferred = c.get(PREFERRED_LEADER_ID);
            int preferredId = preferred == null || preferred.isBlank() ? RaftNode.NO_NODE
                : peers.nodeIdOf(preferred.split(";")[0]);
            return of(c, peers.nodeIdOf(self), peers.nodeIds(), preferredId);
        }

        private static Settings of(Config c, int selfId, List<Integer> voters, int preferredId) {
            int heartbeat = c.get(RAFT_HEARTBEAT_INTERVAL_MS);
            return new Settings(selfId, voters, c.get(RAFT_ELECTION_TIMEOUT_MIN_MS), c.get(RAFT_ELECTION_TIMEOUT_MAX_MS),
                heartbeat, c.get(RAFT_MAX_INFLIGHT_APPENDS), 1024, c.get(RAFT_MAX_BATCH_BYTES),
                c.get(RAFT_MAX_PENDING_PROPOSALS), 2 * heartbeat, preferredId, 1000);
        }

        /** Votes needed to win and entries' holders needed to commit: a strict majority. */
        public int quorum() {
            return voters.size() / 2 + 1;
        }

        public Settings withPreferredLeader(int nodeId) {
            return new Settings(selfId, voters, electionTimeoutMin, electionTimeoutMax, heartbeatInterval,
                maxInflightAppends, maxBatchEntries, maxBatchBytes, maxPendingProposals, appendTimeout, nodeId,
                preferredLeaderMaxLag);
        }
    }
}
