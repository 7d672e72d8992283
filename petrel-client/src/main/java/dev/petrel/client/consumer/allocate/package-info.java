/**
 * Queue allocation strategies of clustering consumers (flows.md §6): {@link
 * dev.petrel.client.consumer.allocate.AllocateStrategies} lists them. Pure functions of the sorted queue and client
 * lists, identical in output to RocketMQ's so mixed groups of Petrel and Apache clients agree.
 */
package dev.petrel.client.consumer.allocate;
