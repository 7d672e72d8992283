/** Statistics bodies and the runtime-info keys (json-bodies.md §7, §10). */
package dev.petrel.protocol.body.stats;
