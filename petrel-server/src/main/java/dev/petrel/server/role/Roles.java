package dev.petrel.server.role;

import java.util.List;
import java.util.Optional;

/** The roles this build of Petrel has, and what each subcommand runs. */
public final class Roles {

    private static final RoleFactory NAMESRV = new NamesrvRoleFactory();
    private static final RoleFactory BROKER = new BrokerRoleFactory();
    private static final RoleFactory DASHBOARD = new DashboardRoleFactory();

    private Roles() {
    }

    public static RoleFactory namesrv() {
        return NAMESRV;
    }

    /** The broker role. */
    public static Optional<RoleFactory> broker() {
        return Optional.of(BROKER);
    }

    /** The web dashboard role ({@code petrel dashboard}; standalone's last role). */
    public static RoleFactory dashboard() {
        return DASHBOARD;
    }

    /** What {@code petrel standalone} runs, in start order: the NameServer, then the broker (when it exists);
     * standalone adds the dashboard after them. */
    public static List<RoleFactory> standalone() {
        return broker().map(b -> List.of(NAMESRV, b)).orElse(List.of(NAMESRV));
    }
}
