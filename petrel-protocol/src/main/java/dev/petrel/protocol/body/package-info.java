/**
 * JSON bodies (json-bodies.md) as records with a {@code CODEC} constant ({@link dev.petrel.protocol.body.BodyCodec}),
 * through {@link dev.petrel.protocol.body.ProtocolJson}; plus {@link dev.petrel.protocol.body.MessageQueue},
 * {@link dev.petrel.protocol.body.DataVersion}, {@link dev.petrel.protocol.body.KVTable} and the Properties text
 * codec. Sub-packages group the bodies by subject.
 */
package dev.petrel.protocol.body;
