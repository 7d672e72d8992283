/** The pull path: checks, subscription filters, store statuses mapped to response codes, zero-copy answers. */
package dev.petrel.broker.pull;
