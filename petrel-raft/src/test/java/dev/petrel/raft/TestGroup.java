package dev.petrel.raft;

import dev.petrel.raft.message.RaftMessage;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A hand-driven Raft group for step-by-step tests: the test decides which node ticks, at what time, and which of the
 * queued messages arrive. Effects other than sends are kept per node for assertions.
 */
final class TestGroup {

    /** A message on its way. */
    record InFlight(int from, int to, RaftMessage message) {
    }

    final RaftConfig.Settings[] settings;
    final InMemoryRaftLog[] logs;
    final InMemoryStateStore[] stores;
    final RaftNode[] nodes;
    final List<List<RaftEffect>> effects = new ArrayList<>();
    final ArrayDeque<InFlight> network = new ArrayDeque<>();

    TestGroup(int n, int maxInflight, int maxBatchEntries) {
        settings = new RaftConfig.Settings[n];
        logs = new InMemoryRaftLog[n];
        stores = new InMemoryStateStore[n];
        nodes = new RaftNode[n];
        List<Integer> voters = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            voters.add(i);
        }
        for (int i = 0; i < n; i++) {
            settings[i] = new RaftConfig.Settings(i, voters, 150, 300, 50, maxInflight, maxBatchEntries, 1 << 20, 100,
                100, RaftNode.NO_NODE, 50);
            logs[i] = new InMemoryRaftLog();
            stores[i] = new InMemoryStateStore();
            effects.add(new ArrayList<>());
        }
    }

    TestGroup(int n) {
        this(n, 4, 64);
    }

    /** Starts (or restarts) every node at {@code now}. */
    TestGroup start(long now) {
        for (int i = 0; i < nodes.length; i++) {
            restart(i, now);
        }
        return this;
    }

    void restart(int i, long now) {
        nodes[i] = new RaftNode(settings[i], logs[i], stores[i], new SplittableRandom(i), now);
        collect(i);
    }

    RaftNode node(int i) {
        return nodes[i];
    }

    void tick(int i, long now) {
        nodes[i].tick(now);
        collect(i);
    }

    void flushAndTick(int i, long now) {
        logs[i].flush();
        tick(i, now);
    }

    void flushAll(long now) {
        for (int i = 0; i < nodes.length; i++) {
            flushAndTick(i, now);
        }
    }

    ProposeResult propose(int i, String payload, long now) {
        ProposeResult r = nodes[i].propose(payload.getBytes(), now);
        collect(i);
        return r;
    }

    /** Delivers queued messages (and the ones they cause) until none is left; {@code drop} ones vanish. */
    int deliverAll(long now, Predicate<InFlight> drop) {
        int delivered = 0;
        while (!network.isEmpty()) {
            InFlight m = network.poll();
            if (drop.test(m)) {
                continue;
            }
            nodes[m.to()].handle(m.message(), now);
            collect(m.to());
            delivered++;
        }
        return delivered;
    }

    int deliverAll(long now) {
        return deliverAll(now, m -> false);
    }

    /** Removes and returns the queued messages matching {@code which}. */
    List<InFlight> take(Predicate<InFlight> which) {
        List<InFlight> taken = new ArrayList<>();
        network.removeIf(m -> {
            if (which.test(m)) {
                taken.add(m);
                return true;
            }
            return false;
        });
        return taken;
    }

    void deliver(InFlight m, long now) {
        nodes[m.to()].handle(m.message(), now);
        collect(m.to());
    }

    <T extends RaftEffect> List<T> effectsOf(int i, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (RaftEffect e : effects.get(i)) {
            if (type.isInstance(e)) {
                out.add(type.cast(e));
            }
        }
        return out;
    }

    /** Makes node {@code leader} leader: it times out first and the others answer. */
    void elect(int leader, long now) {
        tick(leader, now + 1000);
        deliverAll(now + 1000);
        flushAll(now + 1000);
        deliverAll(now + 1000);
    }

    private void collect(int i) {
        for (RaftEffect e : nodes[i].drainEffects()) {
            if (e instanceof RaftEffect.Send s) {
                network.add(new InFlight(i, s.to(), s.message()));
            } else {
                effects.get(i).add(e);
            }
        }
    }
}
