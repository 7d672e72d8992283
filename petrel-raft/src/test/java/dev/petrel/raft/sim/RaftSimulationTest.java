package dev.petrel.raft.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The acceptance test of the Raft core: many seeds of {@link RaftSimulation}, for groups of 3 and 5. A failure names
 * its seed; {@code -Draft.sim.seed=N} (with {@code -Draft.sim.nodes=5} for a 5-node seed) reruns exactly that run,
 * {@code -Draft.sim.seeds=100000} or {@code -Praft-soak} runs more seeds, {@code -Draft.sim.firstSeed=K} starts
 * elsewhere, {@code -Draft.sim.fullTrace=true} prints 400 events instead of 80.
 */
class RaftSimulationTest {

    private static final long FIRST_SEED = Long.getLong("raft.sim.firstSeed", 1);

    @Test
    void chaosThenHealingKeepsEveryInvariantAndMakesProgress() {
        String single = System.getProperty("raft.sim.seed", "");
        if (!single.isBlank()) {
            int nodes = Integer.getInteger("raft.sim.nodes", 3);
            RaftSimulation.Result r = new RaftSimulation(Long.parseLong(single.trim()), nodes,
                RaftSimulation.Scenario.CHAOS).run();
            System.out.println("seed " + single + ": " + r);
            return;
        }
        int seeds = Integer.getInteger("raft.sim.seeds", 2000);
        long started = System.nanoTime();
        Totals three = runSeeds(3, seeds * 3 / 5, RaftSimulation.Scenario.CHAOS);
        Totals five = runSeeds(5, seeds - seeds * 3 / 5, RaftSimulation.Scenario.CHAOS);
        System.out.printf("raft simulation: %d seeds in %d ms; 3 nodes %s; 5 nodes %s%n", seeds,
            (System.nanoTime() - started) / 1_000_000, three, five);
        assertThat(three.committed + five.committed).as("entries committed over all runs").isGreaterThan(seeds * 10L);
        assertThat(three.acked + five.acked).as("proposals acknowledged over all runs").isGreaterThan(seeds * 5L);
        assertThat(three.crashes + five.crashes).as("crashes injected").isGreaterThan(seeds / 2);
    }

    @Test
    void aRejoiningFollowerNeverDisruptsAHealthyLeader() {
        int seeds = Math.max(50, Integer.getInteger("raft.sim.seeds", 2000) / 10);
        runSeeds(3, seeds / 2, RaftSimulation.Scenario.ISOLATED_FOLLOWER_REJOINS);
        runSeeds(5, seeds - seeds / 2, RaftSimulation.Scenario.ISOLATED_FOLLOWER_REJOINS);
    }

    private static Totals runSeeds(int nodes, int count, RaftSimulation.Scenario scenario) {
        Totals t = new Totals();
        for (long seed = FIRST_SEED; seed < FIRST_SEED + count; seed++) {
            RaftSimulation.Result r = new RaftSimulation(seed, nodes, scenario).run();
            t.runs++;
            t.steps += r.steps();
            t.elections += r.elections();
            t.crashes += r.crashes();
            t.committed += r.committed();
            t.acked += r.acked();
        }
        return t;
    }

    private static final class Totals {
        long runs;
        long steps;
        long elections;
        long crashes;
        long committed;
        long acked;

        @Override
        public String toString() {
            return runs + " runs, " + steps + " steps, " + elections + " elections, " + crashes + " crashes, "
                + committed + " entries committed, " + acked + " proposals acknowledged";
        }
    }
}
