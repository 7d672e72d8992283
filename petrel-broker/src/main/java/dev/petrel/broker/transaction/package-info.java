/**
 * Transactional messages: half messages stored invisibly in RMQ_SYS_TRANS_HALF_TOPIC, END_TRANSACTION (commit makes
 * the real message visible, rollback drops it), op records in RMQ_SYS_TRANS_OP_HALF_TOPIC, and the check-back loop
 * that asks a live producer of the group about undecided half messages.
 */
package dev.petrel.broker.transaction;
