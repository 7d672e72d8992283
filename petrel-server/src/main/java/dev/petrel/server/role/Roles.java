package dev.petrel.server.role;

import java.util.List;
import java.util.Optional;

/** The roles this build of Petrel has, and what each subcommand runs. */
public final class Roles {

    private static final RoleFactory NAMESRV = new NamesrvRoleFactory();

    private Roles() {
    }

    public static RoleFactory namesrv() {
        return NAMESRV;
    }

    /** The broker role; empty until petrel-broker provides one. */
    public static Optional<RoleFactory> broker() {
        return Optional.empty();
    }

    /** What {@code petrel standalone} runs, in start order: the NameServer, then the broker (when it exists). */
    public static List<RoleFactory> standalone() {
        return broker().map(b -> List.of(NAMESRV, b)).orElse(List.of(NAMESRV));
    }
}
