package dev.petrel.broker.auth;

import java.util.List;
import java.util.Objects;

/**
 * One entry of a policy: a resource, the actions it speaks of, optional source IPs (empty = any) and Allow or Deny.
 * Immutable.
 */
public record PolicyEntry(AuthResource resource, List<Action> actions, List<SourceIp> sourceIps, Decision decision) {

    public PolicyEntry {
        Objects.requireNonNull(resource, "resource");
        actions = List.copyOf(actions);
        sourceIps = sourceIps == null ? List.of() : List.copyOf(sourceIps);
        Objects.requireNonNull(decision, "decision");
    }

    /**
     * Whether this entry speaks of the request: its resource covers {@code requested}, one of {@code wanted} is among
     * its actions (or it holds All), and the client's address is among its source IPs (when it lists any).
     */
    boolean matches(AuthResource requested, List<Action> wanted, byte[] clientAddress) {
        if (!resource.covers(requested)) {
            return false;
        }
        boolean actionMatches = actions.contains(Action.ALL);
        for (int i = 0; !actionMatches && i < wanted.size(); i++) {
            actionMatches = actions.contains(wanted.get(i));
        }
        if (!actionMatches) {
            return false;
        }
        if (sourceIps.isEmpty()) {
            return true;
        }
        for (SourceIp ip : sourceIps) {
            if (ip.contains(clientAddress)) {
                return true;
            }
        }
        return false;
    }
}
