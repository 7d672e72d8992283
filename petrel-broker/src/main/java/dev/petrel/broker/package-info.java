/**
 * Petrel's broker: {@link dev.petrel.broker.BrokerServer} wires the store, the request processors, long polling,
 * metadata, client registries and NameServer registration; {@link dev.petrel.broker.BrokerConfig} holds every
 * broker.conf property. See docs/architecture.md (Broker) for the threads and who owns what.
 */
package dev.petrel.broker;
