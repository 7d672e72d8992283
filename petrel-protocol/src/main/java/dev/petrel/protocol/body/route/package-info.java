/** Topic routes, cluster info and broker member groups (json-bodies.md §3). */
package dev.petrel.protocol.body.route;
