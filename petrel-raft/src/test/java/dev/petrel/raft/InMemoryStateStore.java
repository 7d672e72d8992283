package dev.petrel.raft;

/**
 * A {@link RaftStateStore} in memory that survives simulated crashes (it is "durable" by construction) and fails the
 * test if the node ever lowers its term or changes its vote within a term: the rules a saved vote exists for.
 */
public final class InMemoryStateStore implements RaftStateStore {

    private PersistentState state = PersistentState.INITIAL;
    private int saves;

    @Override
    public PersistentState load() {
        return state;
    }

    @Override
    public void save(PersistentState next) {
        if (next.term() < state.term()) {
            throw new AssertionError("term went back from " + state.term() + " to " + next.term());
        }
        if (next.term() == state.term() && state.votedFor() != RaftNode.NO_NODE && next.votedFor() != state.votedFor()) {
            throw new AssertionError("vote in term " + next.term() + " changed from n" + state.votedFor() + " to n"
                + next.votedFor());
        }
        state = next;
        saves++;
    }

    public int saves() {
        return saves;
    }
}
