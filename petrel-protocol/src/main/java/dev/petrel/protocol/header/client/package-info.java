/**
 * Headers of broker requests from clients (request-codes.md §4) and of broker-to-client requests (§6), with the
 * hand-written hot-path codecs: send (V1 full names, V2 one-letter keys), send response, pull request and response.
 */
package dev.petrel.protocol.header.client;
