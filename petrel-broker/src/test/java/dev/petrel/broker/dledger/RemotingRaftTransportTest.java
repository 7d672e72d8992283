package dev.petrel.broker.dledger;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.RaftPeers;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.wire.RaftMessageCodec;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** Raft messages between two nodes over real sockets; frames of another group or malformed ones; a dead peer. */
class RemotingRaftTransportTest {

    private static final Duration BOUND = Duration.ofSeconds(30);

    private final List<AutoCloseable> open = new CopyOnWriteArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private RemotingRaftTransport transport(String group, int self, RaftPeers peers, List<RaftMessage> inbox) {
        RemotingRaftTransport t = new RemotingRaftTransport(group, self, peers, "127.0.0.1", 16, 1000, 200, Clock.system());
        t.start(inbox::add);
        open.add(t);
        return t;
    }

    @Test
    void messagesArriveIntactAndForeignOrBrokenFramesAreRefused() throws Exception {
        int p0 = FreePorts.next();
        int p1 = FreePorts.next();
        RaftPeers peers = RaftPeers.parse("n0-127.0.0.1:" + p0 + ";n1-127.0.0.1:" + p1);
        List<RaftMessage> in0 = new CopyOnWriteArrayList<>();
        List<RaftMessage> in1 = new CopyOnWriteArrayList<>();
        RemotingRaftTransport t0 = transport("g", 0, peers, in0);
        RemotingRaftTransport t1 = transport("g", 1, peers, in1);

        AppendRequest append = new AppendRequest(0, 3, 4, 2, 4, List.of(new RaftEntry(5, 3, new byte[] {1, 2, 3})));
        t0.send(1, new VoteRequest(0, 3, 4, 2, true, false));
        t0.send(1, append);
        Await.until(BOUND, "two messages at n1", () -> in1.size() == 2);
        assertThat(in1).containsExactly(new VoteRequest(0, 3, 4, 2, true, false), append);

        RemotingClient raw = new RemotingClient("raw", RemotingClientConfig.defaults(), Clock.system());
        raw.start();
        open.add(raw);
        String addr = "127.0.0.1:" + p1;
        raw.invokeOneway(addr, RemotingCommand.request(RequestCode.PETREL_RAFT_MESSAGE, Map.of("group", "other"),
            RaftMessageCodec.encode(append)).asOneway(), 3000);
        raw.invokeOneway(addr, RemotingCommand.request(RequestCode.PETREL_RAFT_MESSAGE, Map.of("group", "g"),
            new byte[] {9, 9, 9}).asOneway(), 3000);
        raw.invokeOneway(addr, RemotingCommand.request(RequestCode.PETREL_RAFT_MESSAGE, null, null).asOneway(), 3000);
        Await.until(BOUND, "three refusals", () -> t1.refused() == 3);
        assertThat(in1).hasSize(2);
        t1.send(0, new VoteRequest(1, 4, 0, 0, false, false));
        Await.until(BOUND, "the answer way works too", () -> in0.size() == 1);
        assertThat(t0.dropped() + t1.dropped()).isZero();
    }

    @Test
    void aDeadPeerCostsOnlyDroppedMessages() {
        int p0 = FreePorts.next();
        int dead = FreePorts.next(); // reserved for this JVM, nobody listens
        RaftPeers peers = RaftPeers.parse("n0-127.0.0.1:" + p0 + ";n1-127.0.0.1:" + dead);
        RemotingRaftTransport t0 = transport("g", 0, peers, new CopyOnWriteArrayList<>());
        int n = 5000;
        for (int i = 0; i < n; i++) {
            t0.send(1, new VoteRequest(0, i + 1, 0, 0, false, false)); // returns at once: queue or drop
        }
        t0.send(7, new VoteRequest(0, 1, 0, 0, false, false)); // not a peer
        Await.until(BOUND, "every message dropped", () -> t0.dropped() == n + 1);
    }
}
