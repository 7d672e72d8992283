package dev.petrel.namesrv.route;

/**
 * A broker address the registry dropped, for logging and for closing its connection.
 *
 * @param key        cluster and address
 * @param brokerName its group, or null when the address was no longer in any group
 * @param connection the connection it last registered over (an opaque handle), or null
 * @param reason     why, in words ("unregistered", "connection closed", "silent for 120000 ms")
 */
public record RemovedBroker(BrokerKey key, String brokerName, Object connection, String reason) {
}
