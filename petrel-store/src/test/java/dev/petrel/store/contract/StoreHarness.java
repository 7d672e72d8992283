package dev.petrel.store.contract;

import dev.petrel.message.MessageDraft;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;

import java.util.List;

/**
 * How the contract suite drives one MessageStore implementation: puts that return once the store under test has
 * acknowledged (or, for a replica, replicated and made visible) the message, and the store to read from.
 */
interface StoreHarness extends AutoCloseable {

    /** The store every read of the contract goes to. */
    MessageStore store();

    /** Puts and returns the acknowledged result (for a replica: as the primary acknowledged it, once replicated). */
    PutResult put(MessageDraft message) throws Exception;

    PutResult putBatch(List<MessageDraft> batch) throws Exception;

    /** Closes the store(s) and opens them again on the same files. */
    void restart() throws Exception;

    @Override
    void close();
}
