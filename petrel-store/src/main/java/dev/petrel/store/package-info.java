/** Petrel store. */
package dev.petrel.store;
