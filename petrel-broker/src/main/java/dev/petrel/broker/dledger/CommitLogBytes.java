package dev.petrel.broker.dledger;

/**
 * What the Raft log needs of the CommitLog in DLedger mode, where Raft entries ARE byte ranges of the CommitLog
 * (docs/storage.md, "DLedger mode"). The store's seam implements it for real (append of already-encoded records at a
 * given offset, run-time truncation); tests use a file of their own.
 *
 * <p>Threading: the Raft loop calls every method; on a leader the broker's put path appends the records it encodes
 * concurrently, so an implementation serialises {@link #append} and {@link #truncate} (the store does it under its
 * put lock) and lets {@link #read} run beside them.
 */
public interface CommitLogBytes {

    /** The offset after the last byte written (visible, maybe not yet durable). */
    long endOffset();

    /**
     * Writes {@code bytes} at {@code offset}, which must equal {@link #endOffset()}: a follower copying the leader's
     * entry, byte for byte (records, and the BLANK filler when the leader rolled to a new file).
     *
     * @throws IllegalStateException {@code offset != endOffset()}
     */
    void append(long offset, byte[] bytes);

    /** The bytes [offset, offset + length), all below {@link #endOffset()}. */
    byte[] read(long offset, int length);

    /**
     * Removes every byte from {@code offset} on: a follower's divergent, never committed tail, or bytes a leader wrote
     * and never got into the Raft log. Everything derived from them (ConsumeQueue, index) must go too.
     */
    void truncate(long offset);

    /** Makes every byte written so far durable (truncations included); returns the end that is durable. */
    long flush();
}
