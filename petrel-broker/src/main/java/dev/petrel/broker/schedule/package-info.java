/**
 * Delayed messages by level (system-topics.md §3): the put-path rewrite into {@code SCHEDULE_TOPIC_XXXX}, the
 * schedule loop that moves due messages to their real topic and queue, its progress file ({@code delayOffset.json})
 * and its metrics (backlog per level, delivery lateness).
 */
package dev.petrel.broker.schedule;
