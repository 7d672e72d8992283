/**
 * Failed consumption: CONSUMER_SEND_MSG_BACK and the rules that send a message to {@code %RETRY%<group>} with a delay
 * or to {@code %DLQ%<group>} (flows.md §10–§11, system-topics.md §5).
 */
package dev.petrel.broker.retry;
