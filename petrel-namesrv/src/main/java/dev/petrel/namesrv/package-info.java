/**
 * The NameServer: {@link dev.petrel.namesrv.NameServer} wires the route registry ({@code route}), the KV config
 * ({@code kv}) and the request processors ({@code processor}) onto a remoting server;
 * {@link dev.petrel.namesrv.NamesrvConfig} holds its properties; {@link dev.petrel.namesrv.NamesrvWriterLoop} is the
 * one thread that changes its state.
 */
package dev.petrel.namesrv;
