/**
 * The commands, grouped as operations.md §2 groups them: topics, cluster and brokers, groups and offsets, messages,
 * and the one-line {@code petrel send} / {@code petrel consume}.
 */
package dev.petrel.admin.command;
