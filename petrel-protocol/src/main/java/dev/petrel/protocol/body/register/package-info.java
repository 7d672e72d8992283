/** REGISTER_BROKER bodies, JSON and zlib-compressed (json-bodies.md §4). */
package dev.petrel.protocol.body.register;
