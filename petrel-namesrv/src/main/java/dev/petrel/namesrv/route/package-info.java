/**
 * The route registry: brokers, topics and liveness as pure logic ({@link dev.petrel.namesrv.route.RouteRegistry}),
 * published as immutable per-topic routes that readers take without locks.
 */
package dev.petrel.namesrv.route;
