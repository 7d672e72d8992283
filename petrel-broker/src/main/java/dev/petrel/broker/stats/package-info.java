/** Message counters and throughput windows for the runtime-info view. */
package dev.petrel.broker.stats;
