package dev.petrel.raft;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.raft.RaftEffect.CommitAdvanced;
import dev.petrel.raft.RaftEffect.LeaderReady;
import dev.petrel.raft.RaftEffect.Outcome;
import dev.petrel.raft.RaftEffect.ProposalOutcome;
import dev.petrel.raft.RaftEffect.RoleChanged;
import dev.petrel.raft.RaftStateStore.PersistentState;
import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.AppendResponse;
import dev.petrel.raft.message.TimeoutNow;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.message.VoteResponse;
import org.junit.jupiter.api.Test;

import java.util.List;

/** The Raft state machine, step by step with a fake {@code now}: one rule per test. */
class RaftNodeTest {

    private static RaftEntry entry(long index, long term, String payload) {
        return new RaftEntry(index, term, payload.getBytes());
    }

    @Test
    void aSingleNodeLeadsAndCommitsOnlyWhatIsDurable() {
        TestGroup g = new TestGroup(1).start(0);
        g.tick(0, 100);
        assertThat(g.node(0).role()).as("timeout not reached").isEqualTo(RaftRole.FOLLOWER);
        g.tick(0, 1000);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.LEADER);
        assertThat(g.node(0).currentTerm()).isEqualTo(1);
        assertThat(g.logs[0].entry(1).isLeaderMarker()).isTrue();

        ProposeResult r = g.propose(0, "m1", 1001);
        assertThat(r.status()).isEqualTo(ProposeResult.Status.ACCEPTED);
        assertThat(r.index()).isEqualTo(2);
        g.tick(0, 1002);
        assertThat(g.node(0).commitIndex()).as("nothing durable yet").isZero();

        g.flushAndTick(0, 1003);
        assertThat(g.node(0).commitIndex()).isEqualTo(2);
        assertThat(g.effectsOf(0, ProposalOutcome.class)).containsExactly(new ProposalOutcome(2, 1, Outcome.COMMITTED));
        assertThat(g.effectsOf(0, LeaderReady.class)).containsExactly(new LeaderReady(1, 1));
    }

    @Test
    void preVoteComesFirstAndLeavesTermAndVoteAlone() {
        TestGroup g = new TestGroup(3).start(0);
        g.tick(0, 1000);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.PRE_CANDIDATE);
        assertThat(g.node(0).currentTerm()).isZero();
        assertThat(g.stores[0].saves()).isZero();
        List<TestGroup.InFlight> preVotes = g.take(m -> true);
        assertThat(preVotes).extracting(TestGroup.InFlight::message)
            .containsExactly(new VoteRequest(0, 1, 0, 0, true, false), new VoteRequest(0, 1, 0, 0, true, false));

        g.deliver(preVotes.get(0), 1000);
        assertThat(g.node(1).currentTerm()).as("a pre-vote changes nobody's term").isZero();
        assertThat(g.stores[1].saves()).isZero();
        TestGroup.InFlight answer = g.take(m -> true).get(0);
        assertThat(answer.message()).isEqualTo(new VoteResponse(1, 1, true, true));

        g.deliver(answer, 1000);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.CANDIDATE);
        assertThat(g.stores[0].load()).as("term and self-vote saved before the vote requests leave")
            .isEqualTo(new PersistentState(1, 0));
        assertThat(g.take(m -> true)).extracting(TestGroup.InFlight::message)
            .containsExactly(new VoteRequest(0, 1, 0, 0, false, false), new VoteRequest(0, 1, 0, 0, false, false));
    }

    @Test
    void aVoteIsSavedBeforeTheAnswerAndGivenOncePerTerm() {
        TestGroup g = new TestGroup(3).start(0);
        g.node(2).handle(new VoteRequest(0, 5, 0, 0, false, false), 10);
        assertThat(g.stores[2].load()).isEqualTo(new PersistentState(5, 0));
        assertThat(g.node(2).drainEffects()).containsExactly(new RaftEffect.Send(0, new VoteResponse(2, 5, false, true)),
            new RoleChanged(RaftRole.FOLLOWER, 5, RaftNode.NO_NODE));

        g.node(2).handle(new VoteRequest(1, 5, 9, 4, false, false), 11);
        assertThat(g.node(2).drainEffects()).as("already voted in term 5")
            .containsExactly(new RaftEffect.Send(1, new VoteResponse(2, 5, false, false)));

        g.restart(2, 12);
        g.node(2).drainEffects();
        g.node(2).handle(new VoteRequest(1, 5, 9, 4, false, false), 13);
        assertThat(g.node(2).drainEffects()).as("the saved vote survives a restart")
            .containsExactly(new RaftEffect.Send(1, new VoteResponse(2, 5, false, false)));
    }

    @Test
    void votesGoOnlyToCandidatesWhoseLogIsUpToDate() {
        TestGroup g = new TestGroup(3);
        g.logs[2].append(List.of(entry(1, 1, "a"), entry(2, 2, "b")));
        g.stores[2].save(new PersistentState(2, RaftNode.NO_NODE));
        g.start(0);
        g.node(2).drainEffects();

        g.node(2).handle(new VoteRequest(0, 3, 5, 1, false, false), 10); // longer, but older last term
        assertThat(g.node(2).drainEffects()).contains(new RaftEffect.Send(0, new VoteResponse(2, 3, false, false)));
        g.node(2).handle(new VoteRequest(1, 3, 1, 2, false, false), 11); // same last term, shorter
        assertThat(g.node(2).drainEffects()).contains(new RaftEffect.Send(1, new VoteResponse(2, 3, false, false)));
        g.node(2).handle(new VoteRequest(1, 4, 2, 2, false, false), 12); // same last entry
        assertThat(g.node(2).drainEffects()).contains(new RaftEffect.Send(1, new VoteResponse(2, 4, false, true)));
    }

    @Test
    void nobodyGrantsAPreVoteWhileItHearsTheLeader() {
        TestGroup g = new TestGroup(3).start(0);
        g.elect(0, 0);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.LEADER);
        long term = g.node(0).currentTerm();

        g.node(2).handle(new VoteRequest(1, term + 1, 100, term, true, false), 1050);
        assertThat(g.node(2).drainEffects()).containsExactly(
            new RaftEffect.Send(1, new VoteResponse(2, term, true, false)));
        g.node(2).handle(new VoteRequest(1, term + 1, 100, term, false, false), 1050);
        assertThat(g.node(2).drainEffects()).as("nor a real vote of a higher term")
            .containsExactly(new RaftEffect.Send(1, new VoteResponse(2, term, false, false)));
        assertThat(g.node(2).currentTerm()).isEqualTo(term);

        g.node(2).handle(new VoteRequest(1, term + 1, 100, term, true, false), 1000 + 150);
        assertThat(g.node(2).drainEffects()).as("after an election timeout of silence it does")
            .containsExactly(new RaftEffect.Send(1, new VoteResponse(2, term + 1, true, true)));
    }

    @Test
    void aNewLeaderAppendsItsMarkerAndIsReadyWhenAQuorumHoldsItDurably() {
        TestGroup g = new TestGroup(3).start(0);
        g.tick(0, 1000);
        g.deliverAll(1000);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.LEADER);
        assertThat(g.logs[1].entry(1)).isEqualTo(RaftEntry.leaderMarker(1, 1));
        assertThat(g.node(0).commitIndex()).as("followers hold the marker, nobody durably").isZero();

        g.flushAndTick(0, 1001);
        g.flushAndTick(1, 1001);
        g.deliverAll(1001);
        assertThat(g.node(0).commitIndex()).isEqualTo(1);
        assertThat(g.effectsOf(0, LeaderReady.class)).containsExactly(new LeaderReady(1, 1));
        assertThat(g.effectsOf(0, RoleChanged.class)).last().isEqualTo(new RoleChanged(RaftRole.LEADER, 1, 0));
    }

    /**
     * The Raft paper's Figure 8: an entry of an earlier term held durably by a quorum must not be committed by
     * counting, because a node with a later-term tail can still be elected and overwrite it.
     */
    @Test
    void anEarlierTermsEntryCommitsOnlyUnderAnEntryOfTheLeadersTerm() {
        TestGroup g = new TestGroup(3, 1, 1);
        g.logs[0].append(List.of(entry(1, 1, "a"), entry(2, 2, "old")));
        g.logs[1].append(List.of(entry(1, 1, "a"), entry(2, 3, "other")));
        g.logs[2].append(List.of(entry(1, 1, "a")));
        for (InMemoryRaftLog log : g.logs) {
            log.flush();
        }
        g.stores[0].save(new PersistentState(3, RaftNode.NO_NODE));
        g.stores[1].save(new PersistentState(3, 1));
        g.stores[2].save(new PersistentState(3, 1));
        g.start(0);
        // n1 (the term-3 tail) is cut off; appends that carry the new leader's marker 3@4 are lost for now.
        java.util.function.Predicate<TestGroup.InFlight> lost = m -> m.to() == 1 || m.from() == 1
            || (m.message() instanceof AppendRequest a && a.entries().stream().anyMatch(e -> e.term() == 4));
        g.tick(0, 1000); // n0 campaigns for term 4 and n2 votes for it
        g.deliverAll(1000, lost);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.LEADER);
        assertThat(g.node(0).currentTerm()).isEqualTo(4);
        g.tick(0, 1100); // the probe went unanswered: resend from n2's acknowledged 0, one entry per request
        g.deliverAll(1100, lost);
        assertThat(g.logs[2].lastIndex()).as("n2 got 1@1 and 2@2, not the marker").isEqualTo(2);
        g.flushAndTick(0, 1100);
        g.flushAndTick(2, 1101);
        g.deliverAll(1101, lost);
        assertThat(g.node(0).commitIndex()).as("2@2 is durable on n0 and n2, yet not committed").isZero();

        g.tick(0, 1201); // resend (n2 answered once durable, at 1101), now the marker 3@4 gets through
        g.deliverAll(1201, m -> m.to() == 1 || m.from() == 1);
        g.flushAndTick(2, 1202);
        g.deliverAll(1202, m -> m.to() == 1 || m.from() == 1);
        assertThat(g.node(0).commitIndex()).as("the marker commits itself and 2@2 under it").isEqualTo(3);
    }

    @Test
    void aFollowerReplacesItsDivergentTailWithTheLeadersBytes() {
        TestGroup g = new TestGroup(3);
        g.logs[1].append(List.of(entry(1, 1, "a"), entry(2, 1, "stale-1"), entry(3, 1, "stale-2")));
        g.logs[1].flush();
        g.start(0);
        g.node(1).drainEffects();
        RaftEntry leaders = entry(2, 2, "leader's own bytes");
        g.node(1).handle(new AppendRequest(0, 2, 1, 1, 0, List.of(leaders)), 10);
        assertThat(g.logs[1].lastIndex()).isEqualTo(2);
        assertThat(g.logs[1].entry(2)).isEqualTo(leaders);
        assertThat(g.logs[1].durableIndex()).as("a truncation lowers the durable index").isEqualTo(1);
        assertThat(g.node(1).drainEffects()).as("a write is answered once it is durable, not also now")
            .noneMatch(e -> e instanceof RaftEffect.Send);

        g.flushAndTick(1, 11);
        assertThat(g.take(m -> true)).as("durability is reported unasked").extracting(TestGroup.InFlight::message)
            .containsExactly(new AppendResponse(1, 2, true, 2, 2, 0, 0, 2));
    }

    @Test
    void whatWasVerifiedAgainstALeaderIsForgottenWhenItLeadsALaterTerm() {
        // Simulator seed 5945 (firstSeed 5000): n1 led term 1 and had n2 verify 1@1 and 2@1; n1 restarted, won term 2
        // with a shorter log, and its marker 1@2 replaced n2's tail. A verified index carried over from term 1 let a
        // heartbeat commit index 2, which n2 no longer had.
        TestGroup g = new TestGroup(3);
        g.start(0);
        RaftNode n2 = g.node(2);
        n2.handle(new AppendRequest(1, 1, 0, 0, 0, List.of(entry(1, 1, "a"), entry(2, 1, "b"))), 10);
        n2.handle(new AppendRequest(1, 2, 0, 0, 0, List.of(RaftEntry.leaderMarker(1, 2))), 20);
        assertThat(g.logs[2].lastIndex()).isEqualTo(1);
        n2.handle(new AppendRequest(1, 2, 0, 0, 2, List.of()), 30); // its heartbeat: n1 has committed 1@2 and 2@2
        assertThat(n2.commitIndex()).as("only what n2 holds of term 2's log").isEqualTo(1);
    }

    @Test
    void heartbeatsAndResendsAreAnsweredAtOnceWhileTheDiskIsBehind() {
        TestGroup g = new TestGroup(3);
        g.start(0);
        g.node(1).drainEffects();
        RaftEntry first = entry(1, 2, "one");
        g.node(1).handle(new AppendRequest(0, 2, 0, 0, 0, List.of(first)), 10);
        assertThat(g.node(1).drainEffects()).noneMatch(e -> e instanceof RaftEffect.Send);

        g.node(1).handle(new AppendRequest(0, 2, 0, 0, 0, List.of(first)), 20);
        assertThat(g.node(1).drainEffects()).as("a resend of what it holds, not yet durable")
            .containsExactly(new RaftEffect.Send(0, new AppendResponse(1, 2, true, 1, 0, 0, 0, 0)));
        g.node(1).handle(new AppendRequest(0, 2, 1, 2, 0, List.of()), 30);
        assertThat(g.node(1).drainEffects()).as("a heartbeat")
            .containsExactly(new RaftEffect.Send(0, new AppendResponse(1, 2, true, 1, 0, 0, 0, 1)));

        g.flushAndTick(1, 40);
        assertThat(g.take(m -> true)).extracting(TestGroup.InFlight::message)
            .containsExactly(new AppendResponse(1, 2, true, 1, 1, 0, 0, 1));
    }

    @Test
    void aRefusalNamesTheConflictingTermAndWhereItStarts() {
        TestGroup g = new TestGroup(3);
        g.logs[1].append(List.of(entry(1, 1, "a"), entry(2, 2, "b"), entry(3, 2, "c"), entry(4, 2, "d"),
            entry(5, 2, "e")));
        g.start(0);
        g.node(1).drainEffects();
        g.node(1).handle(new AppendRequest(0, 3, 5, 3, 0, List.of()), 10);
        assertThat(g.node(1).drainEffects()).contains(new RaftEffect.Send(0,
            new AppendResponse(1, 3, false, 5, 0, 2, 2, 5)));
        g.node(1).handle(new AppendRequest(0, 3, 9, 3, 0, List.of()), 11);
        assertThat(g.node(1).drainEffects()).as("too short: retry after its end").contains(new RaftEffect.Send(0,
            new AppendResponse(1, 3, false, 5, 0, 6, 0, 9)));
    }

    @Test
    void theLeaderPipelinesBoundedBatchesAndBacktracksByTerm() {
        TestGroup g = new TestGroup(3, 3, 2).start(0);
        g.elect(0, 0);
        for (int i = 0; i < 10; i++) {
            g.propose(0, "m" + i, 1010);
        }
        List<AppendRequest> toOne = g.take(m -> m.to() == 1).stream().map(m -> (AppendRequest) m.message()).toList();
        assertThat(toOne).hasSize(3);
        assertThat(toOne).allSatisfy(a -> assertThat(a.entries()).hasSizeBetween(1, 2));
        for (int i = 1; i < toOne.size(); i++) {
            assertThat(toOne.get(i).prevLogIndex()).isEqualTo(toOne.get(i - 1).lastIndex());
        }
        g.deliverAll(1010);
        // Followers answer a write once it is durable, so each flush round refills the window: 2..4 are in flight
        // first, then 5..10 (three requests of two), then 11.
        List<Long> commits = new java.util.ArrayList<>();
        for (int round = 0; round < 3; round++) {
            g.flushAll(1011 + round);
            g.deliverAll(1011 + round);
            commits.add(g.node(0).commitIndex());
        }
        assertThat(commits).containsExactly(4L, 10L, 11L);
        assertThat(g.logs[2].lastIndex()).isEqualTo(11);
        assertThat(g.effectsOf(0, ProposalOutcome.class)).hasSize(10)
            .allMatch(o -> o.outcome() == Outcome.COMMITTED);
    }

    @Test
    void anIsolatedLeaderStepsDownAfterAnElectionTimeoutWithoutAQuorum() {
        TestGroup g = new TestGroup(3).start(0);
        g.elect(0, 0);
        g.network.clear();
        g.tick(0, 1000 + 299);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.LEADER);
        g.tick(0, 1000 + 300);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.FOLLOWER);
        assertThat(g.propose(0, "late", 1301).status()).isEqualTo(ProposeResult.Status.NOT_LEADER);
    }

    @Test
    void leadershipMovesToACaughtUpTargetThroughTimeoutNow() {
        TestGroup g = new TestGroup(3).start(0);
        g.elect(0, 0);
        g.propose(0, "before", 1010);
        assertThat(g.node(0).transferLeadership(1, 1011)).isEqualTo(RaftNode.TransferStatus.STARTED);
        assertThat(g.propose(0, "during", 1011).status()).isEqualTo(ProposeResult.Status.TRANSFERRING_LEADERSHIP);
        List<TestGroup.InFlight> timeoutNow = new java.util.ArrayList<>();
        g.deliverAll(1012, m -> m.message() instanceof TimeoutNow && timeoutNow.add(m));
        assertThat(timeoutNow).as("not before the target answered").isEmpty();
        g.flushAll(1013); // the followers answer the entry once it is durable
        g.deliverAll(1013, m -> m.message() instanceof TimeoutNow && timeoutNow.add(m));
        assertThat(timeoutNow).as("sent once the target holds everything").extracting(TestGroup.InFlight::to)
            .containsExactly(1);
        g.deliver(timeoutNow.get(0), 1014);
        g.deliverAll(1014);
        assertThat(g.node(1).role()).as("voters that still hear n0 vote for a transfer").isEqualTo(RaftRole.LEADER);
        assertThat(g.node(1).currentTerm()).isEqualTo(2);
        assertThat(g.node(0).role()).isEqualTo(RaftRole.FOLLOWER);
        assertThat(g.node(0).leaderId()).isEqualTo(1);
    }

    @Test
    void aLeaderThatLosesLeadershipReportsItsPendingProposals() {
        TestGroup g = new TestGroup(3).start(0);
        g.elect(0, 0);
        ProposeResult r = g.propose(0, "orphan", 1010);
        g.network.clear();
        g.node(0).handle(new AppendRequest(2, 7, 0, 0, 0, List.of()), 1011);
        g.effects.get(0).addAll(g.node(0).drainEffects());
        assertThat(g.effectsOf(0, ProposalOutcome.class))
            .containsExactly(new ProposalOutcome(r.index(), r.term(), Outcome.LEADERSHIP_LOST));
        assertThat(g.effectsOf(0, CommitAdvanced.class)).extracting(CommitAdvanced::commitIndex).containsExactly(1L);
    }
}
