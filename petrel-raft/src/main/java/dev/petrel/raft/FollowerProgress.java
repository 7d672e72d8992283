package dev.petrel.raft;

/**
 * A leader's view of one follower's log: where to send next, what it has acknowledged, and the append requests in
 * flight. Owned by the {@link RaftNode} that leads; rebuilt on every election.
 *
 * <p>Two acknowledged positions: {@code matchIndex} (the follower holds entries up to it equal to ours, maybe only in
 * memory, so it can fall back if the follower crashes) drives what to send; {@code durableIndex} (held equal and on
 * stable storage, never falls back within a term) is what counts towards the commit quorum.
 *
 * <p>A follower is either <em>probing</em> (one request at a time until one matches, after an election or a refusal)
 * or <em>pipelining</em> (up to {@code maxInflight} requests, each continuing the previous one optimistically).
 */
final class FollowerProgress {

    private final int nodeId;
    private final long[] inflightLast;
    private final long[] inflightSentAt;
    private int inflightHead;
    private int inflightSize;

    private long nextIndex;
    private long matchIndex;
    private long durableIndex;
    private boolean probing = true;
    private long lastContact;
    private long lastSend = Long.MIN_VALUE / 2;
    private boolean reportedBehindLogStart;

    FollowerProgress(int nodeId, long nextIndex, int maxInflight, long now) {
        this.nodeId = nodeId;
        this.nextIndex = nextIndex;
        this.inflightLast = new long[maxInflight];
        this.inflightSentAt = new long[maxInflight];
        this.lastContact = now;
    }

    int nodeId() {
        return nodeId;
    }

    long nextIndex() {
        return nextIndex;
    }

    long matchIndex() {
        return matchIndex;
    }

    long durableIndex() {
        return durableIndex;
    }

    long lastContact() {
        return lastContact;
    }

    long lastSend() {
        return lastSend;
    }

    /** How many more append requests may go out now. */
    int sendWindow() {
        return (probing ? 1 : inflightLast.length) - inflightSize;
    }

    boolean hasInflight() {
        return inflightSize > 0;
    }

    /** When the oldest unanswered append request went out. */
    long oldestInflightSentAt() {
        return inflightSentAt[inflightHead];
    }

    void contacted(long now) {
        lastContact = now;
    }

    /** An append request carrying entries up to {@code lastIndex} went out. */
    void sentEntries(long lastIndex, long now) {
        int slot = (inflightHead + inflightSize) % inflightLast.length;
        inflightLast[slot] = lastIndex;
        inflightSentAt[slot] = now;
        inflightSize++;
        nextIndex = lastIndex + 1;
        lastSend = now;
    }

    void sentHeartbeat(long now) {
        lastSend = now;
    }

    /** The follower matched up to {@code match}, durable up to {@code durable}. */
    void acknowledged(long match, long durable) {
        matchIndex = Math.max(matchIndex, match);
        durableIndex = Math.max(durableIndex, Math.min(durable, match));
        while (inflightSize > 0 && inflightLast[inflightHead] <= match) {
            inflightHead = (inflightHead + 1) % inflightLast.length;
            inflightSize--;
        }
        probing = false;
        if (nextIndex <= matchIndex) {
            nextIndex = matchIndex + 1;
        }
    }

    /** Start again from {@code next}, one request at a time (after a refusal or a lost request). */
    void restartFrom(long next) {
        nextIndex = next;
        matchIndex = Math.min(matchIndex, next - 1);
        inflightHead = 0;
        inflightSize = 0;
        probing = true;
    }

    /** True the first time: the follower needs entries below our first index. */
    boolean firstReportOfBehindLogStart() {
        boolean first = !reportedBehindLogStart;
        reportedBehindLogStart = true;
        return first;
    }

    @Override
    public String toString() {
        return "n" + nodeId + "{next=" + nextIndex + ", match=" + matchIndex + ", durable=" + durableIndex
            + (probing ? ", probing" : "") + ", inflight=" + inflightSize + "}";
    }
}
