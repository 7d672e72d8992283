/** Which header codec each request code uses. */
package dev.petrel.protocol.header.catalog;
