/** Committed consumer offsets (consumerOffset.json), pulled offsets and pending server-side resets. */
package dev.petrel.broker.offset;
