/** Petrel namesrv. */
package dev.petrel.namesrv;
