/**
 * Typed request and response headers and their mapping to a command's {@code extFields}
 * (remoting-frame.md §3): {@link dev.petrel.protocol.header.HeaderCodec}, the generic
 * {@link dev.petrel.protocol.header.RecordHeaderCodec}, {@link dev.petrel.protocol.header.Decoded} results,
 * and the base fields {@link dev.petrel.protocol.header.RpcFields}. Header records live in the sub-packages by
 * direction; {@code catalog} maps request codes to codecs.
 */
package dev.petrel.protocol.header;
