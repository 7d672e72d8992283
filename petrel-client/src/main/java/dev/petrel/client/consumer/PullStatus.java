package dev.petrel.client.consumer;

/** How a pull ended (flows.md §8). */
public enum PullStatus {
    /** Messages were found; they are in {@link PullResult#messages()}. */
    FOUND,
    /** Nothing new at that offset (after the long-poll hold, if any). */
    NO_NEW_MSG,
    /** Messages exist, but none matched the subscription. Pull again from {@code nextBeginOffset}. */
    NO_MATCHED_MSG,
    /** The offset is outside the queue; {@code nextBeginOffset} is the corrected one. */
    OFFSET_ILLEGAL
}
