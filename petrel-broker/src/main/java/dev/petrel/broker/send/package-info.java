/** The send path: checks, broker-added properties, put stages and the mapping of store results to response codes. */
package dev.petrel.broker.send;
