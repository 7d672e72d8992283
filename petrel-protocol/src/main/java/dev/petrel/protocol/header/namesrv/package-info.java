/** Headers of NameServer requests (request-codes.md §3). */
package dev.petrel.protocol.header.namesrv;
