/** Orderly consumption: the broker's table of queue locks (LOCK_BATCH_MQ / UNLOCK_BATCH_MQ). */
package dev.petrel.broker.lock;
