package dev.petrel.server.launch;

import dev.petrel.server.role.RoleFactory;
import java.util.Map;

/**
 * One role of a launch and the raw properties it gets (normally the whole {@code -c} file; a command may adjust them,
 * as standalone does with the NameServer's port).
 */
public record RolePlan(RoleFactory factory, Map<String, String> properties) {

    public RolePlan {
        properties = Map.copyOf(properties);
    }
}
