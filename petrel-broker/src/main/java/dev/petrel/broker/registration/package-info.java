/** Registration with the NameServers: parallel REGISTER_BROKER, QUERY_DATA_VERSION, UNREGISTER_BROKER, and the loop that drives them. */
package dev.petrel.broker.registration;
