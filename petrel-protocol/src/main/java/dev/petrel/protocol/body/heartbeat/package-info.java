/** HEART_BEAT and CHECK_CLIENT_CONFIG bodies and subscription data (json-bodies.md §5, §12). */
package dev.petrel.protocol.body.heartbeat;
