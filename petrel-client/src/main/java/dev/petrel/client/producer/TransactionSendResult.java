package dev.petrel.client.producer;

/**
 * The result of {@link PetrelProducer#sendInTransaction}: how the half message was stored and what the local
 * transaction decided (ROLLBACK when the half message was not stored OK, as RocketMQ does).
 */
public record TransactionSendResult(SendResult sendResult, LocalTransactionState localState) {
}
