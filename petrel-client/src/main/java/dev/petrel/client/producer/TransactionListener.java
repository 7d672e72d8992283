package dev.petrel.client.producer;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;

/**
 * The application's side of a transactional send ({@link PetrelProducer#sendInTransaction}): run the local
 * transaction once the broker holds the half message, and answer the broker's later questions about transactions
 * whose outcome was {@link LocalTransactionState#UNKNOWN} (or whose answer was lost, or whose producer died: the
 * broker asks any live producer of the group). An exception counts as UNKNOWN.
 */
public interface TransactionListener {

    /** Runs the local transaction for a half message just stored; called on the sending thread. */
    LocalTransactionState executeLocalTransaction(Message message, Object arg);

    /**
     * The broker asks about a half message (its topic, body, keys and id as sent); called on a producer thread. Must
     * answer from durable state: the producer asking may not be the one that sent it.
     */
    LocalTransactionState checkLocalTransaction(ReceivedMessage message);
}
