/** Client-facing request processors (heartbeats, consumer offsets, offset queries, message queries) and response helpers. */
package dev.petrel.broker.processor;
