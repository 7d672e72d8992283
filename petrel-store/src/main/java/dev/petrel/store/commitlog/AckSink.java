package dev.petrel.store.commitlog;

import dev.petrel.store.PutResult;

import java.util.concurrent.CompletableFuture;

/**
 * Receives, under the CommitLog put lock and therefore in CommitLog order, each stored put whose caller waits for an
 * acknowledgement (the store's pending acks). Must not block for long: every append waits for it.
 */
@FunctionalInterface
public interface AckSink {

    AckSink NONE = (result, ack) -> ack.complete(result);

    /** {@code result} was stored; complete {@code ack} once it is visible. */
    void stored(PutResult result, CompletableFuture<PutResult> ack);
}
