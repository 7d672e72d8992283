/** Shared foundations: time, configuration, JSON, bytes. */
package dev.petrel.common;
