/** Bodies about clients: locks, connections, consumer lists, offsets reset, consumer status, running info. */
package dev.petrel.protocol.body.client;
