/** Petrel broker. */
package dev.petrel.broker;
