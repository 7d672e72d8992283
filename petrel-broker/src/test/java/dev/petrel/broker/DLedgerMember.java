package dev.petrel.broker;

import dev.petrel.namesrv.testing.TestNameServers;
import dev.petrel.broker.dledger.RaftReplication;
import dev.petrel.broker.metadata.Perm;
import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NameServer;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.store.StoreRole;
import dev.petrel.testkit.Await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One member of an in-process DLedger group for the tests of this package (DLedgerGroupTest and the others): its
 * store directory, ports and (re)startable broker, named {@code broker-a} in group {@code broker-a}, election timeout
 * 600-1200 ms, heartbeat 100 ms; plus the NameServer helpers those tests share.
 */
final class DLedgerMember {

    static final String TOPIC = "RaftTopic";
    static final int QUEUES = 4;

    final int id;
    final Path dir;
    final int port;
    final String peers;
    final String namesrv;
    final Map<String, String> extra;
    BrokerServer broker;

    DLedgerMember(int id, Path dir, int port, String peers, String namesrv) {
        this(id, dir, port, peers, namesrv, Map.of());
    }

    DLedgerMember(int id, Path dir, int port, String peers, String namesrv, Map<String, String> extra) {
        this.id = id;
        this.dir = dir;
        this.port = port;
        this.peers = peers;
        this.namesrv = namesrv;
        this.extra = extra;
    }

    void start() {
        Map<String, String> raw = new HashMap<>();
        raw.put("namesrvAddr", namesrv);
        raw.put("mappedFileSizeCommitLog", Integer.toString(128 * 1024)); // several files: rolls are replicated
        raw.put("messageDelayLevel", "1s 2s 3s");
        raw.put("enableDLegerCommitLog", "true");
        raw.put("dLegerGroup", "broker-a");
        raw.put("dLegerPeers", peers);
        raw.put("dLegerSelfId", "n" + id);
        raw.put("raftElectionTimeoutMinMs", "600");
        raw.put("raftElectionTimeoutMaxMs", "1200");
        raw.put("raftHeartbeatIntervalMs", "100");
        raw.putAll(extra);
        broker = new BrokerServer(BrokerFixture.config(dir, port, raw), Clock.system());
        broker.start();
        broker.topics().ensure(TOPIC, QUEUES, Perm.READ_WRITE, false, 0); // metadata is not replicated
    }

    void close() {
        if (broker != null) {
            broker.close();
            broker = null;
        }
    }

    RaftReplication raft() {
        return (RaftReplication) broker.replication();
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    @Override
    public String toString() {
        BrokerServer b = broker;
        return "n" + id + (b == null ? "(closed)" : "(" + b.store().role() + ")");
    }

    /** {@code dLegerPeers} for three members on free ports. */
    static String threePeers(int[] raftPorts) {
        return "n0-127.0.0.1:" + raftPorts[0] + ";n1-127.0.0.1:" + raftPorts[1] + ";n2-127.0.0.1:" + raftPorts[2];
    }

    /** A started NameServer on a free port with its files in {@code dir}. */
    static NameServer nameServer(Path dir) {
        NameServer nameServer = new NameServer(TestNameServers.config(dir), Clock.system());
        nameServer.start();
        return nameServer;
    }

    /** brokerId → address of {@code broker-a} as the NameServer has it now. */
    static Map<Long, String> brokerAddrs(NameServer nameServer) {
        BrokerData d = nameServer.registry().membership().brokers().get("broker-a");
        return d == null ? Map.of() : d.brokerAddrs();
    }

    /** The one leader among {@code candidates}, once its store is writable and the NameServer has it as brokerId 0. */
    static DLedgerMember awaitRegisteredLeader(NameServer nameServer, List<DLedgerMember> candidates, Duration bound) {
        return Await.value(bound, "a leader registered as brokerId 0 among " + candidates, () -> {
            List<DLedgerMember> leaders = candidates.stream().filter(n -> n.broker != null
                && n.broker.store().role() == StoreRole.LEADER).toList();
            if (leaders.size() != 1) {
                return null;
            }
            DLedgerMember l = leaders.get(0);
            return l.address().equals(brokerAddrs(nameServer).get(0L)) && l.broker.replication().brokerId() == 0 ? l : null;
        }, n -> n != null);
    }
}
