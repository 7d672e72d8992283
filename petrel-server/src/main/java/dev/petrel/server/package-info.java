/** Petrel server. */
package dev.petrel.server;
