package dev.petrel.broker.dledger;

import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * The broker's own DLedger-mode keys. The group, peers, self id, preferred leader and the Raft timings are
 * petrel-raft's ({@link dev.petrel.raft.RaftConfig#DEF}), which reads them; these are the switch and the I/O shell's.
 */
public final class DLedgerConfig {

    public static final ConfigKey<Boolean> ENABLE_D_LEGER_COMMIT_LOG = ConfigKey.ofBoolean("enableDLegerCommitLog", false,
        "DLedger mode: the brokers of dLegerGroup replicate the CommitLog by Raft and elect the master among themselves");
    public static final ConfigKey<Integer> RAFT_PEER_QUEUE_CAPACITY = ConfigKey.ofInt("raftPeerQueueCapacity", 1024, 1,
        1 << 20, "Raft messages queued per peer for sending; more are dropped (Raft resends), so a dead peer costs "
            + "memory for at most this many");
    public static final ConfigKey<Integer> RAFT_PEER_SEND_TIMEOUT_MS = ConfigKey.ofInt("raftPeerSendTimeoutMs", 1000, 1,
        60_000, "how long one send to a peer may take (connecting included) before the peer counts as down, ms");
    public static final ConfigKey<Integer> RAFT_PEER_RETRY_INTERVAL_MS = ConfigKey.ofInt("raftPeerRetryIntervalMs", 200,
        1, 60_000, "after a failed send, messages to that peer are dropped for this long before connecting again, ms");
    public static final ConfigKey<Integer> RAFT_INDEX_SEGMENT_RECORDS = ConfigKey.ofInt("raftIndexSegmentRecords",
        1 << 20, 1, 32 << 20, "entries per raft index segment file (32 bytes each); fixed for a store's life");

    public static final ConfigKey<Integer> RAFT_COMMIT_TIMEOUT_MS = ConfigKey.ofInt("raftCommitTimeoutMs", 2500, 1,
        600_000, "how long a send waits for the Raft group to commit it before it is answered SYSTEM_ERROR (in-sync "
            + "replicas not enough; the entry may still commit), ms (DLedger's maxWaitAckTimeMs)");

    public static final ConfigDef DEF = ConfigDef.of("dledger", ENABLE_D_LEGER_COMMIT_LOG, RAFT_PEER_QUEUE_CAPACITY,
        RAFT_PEER_SEND_TIMEOUT_MS, RAFT_PEER_RETRY_INTERVAL_MS, RAFT_INDEX_SEGMENT_RECORDS, RAFT_COMMIT_TIMEOUT_MS);

    private DLedgerConfig() {
    }
}
