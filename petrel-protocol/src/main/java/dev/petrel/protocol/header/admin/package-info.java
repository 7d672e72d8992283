/** Headers of broker administration requests (request-codes.md §5); some serve broker-to-client calls too. */
package dev.petrel.protocol.header.admin;
