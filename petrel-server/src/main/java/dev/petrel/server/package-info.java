/**
 * {@code bin/petrel}: {@link dev.petrel.server.PetrelMain} and its subcommands. A subcommand runs roles
 * ({@link dev.petrel.server.role}) through the {@link dev.petrel.server.launch.Launcher}.
 */
package dev.petrel.server;
