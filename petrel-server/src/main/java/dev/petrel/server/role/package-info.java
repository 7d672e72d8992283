/**
 * Roles: the parts a Petrel process can run. A {@link dev.petrel.server.role.RoleFactory} names a role, declares its
 * properties and builds a {@link dev.petrel.server.role.ServerRole} (start, describe, close);
 * {@link dev.petrel.server.role.Roles} lists what this build has.
 */
package dev.petrel.server.role;
