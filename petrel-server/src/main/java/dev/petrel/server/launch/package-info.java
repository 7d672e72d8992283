/** Running roles: reading {@code -c}/{@code -n}/{@code -p}, parsing each role's configuration, start, ready, stop. */
package dev.petrel.server.launch;
