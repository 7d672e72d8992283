/** Petrel client. */
package dev.petrel.client;
