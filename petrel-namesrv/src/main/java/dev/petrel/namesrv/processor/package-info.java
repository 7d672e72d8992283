/** Request processors of the NameServer, one per concern, for the codes of request-codes.md §3. */
package dev.petrel.namesrv.processor;
