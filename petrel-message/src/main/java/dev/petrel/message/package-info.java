/** Petrel message. */
package dev.petrel.message;
