/** Petrel remoting. */
package dev.petrel.remoting;
