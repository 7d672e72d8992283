package dev.petrel.server.role;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.time.Clock;

/**
 * A kind of role: its name, the properties it reads from the {@code -c} file, and how to build it from them. Adding a
 * role to Petrel is one factory (see {@link NamesrvRoleFactory}) and one entry in {@link Roles}.
 */
public interface RoleFactory {

    /** Short name: the subcommand and the log file ({@code logs/<name>.log}), e.g. {@code namesrv}. */
    String name();

    /** Human name for messages, e.g. {@code NameServer}. */
    String title();

    /** Every property this role reads; the launcher parses the {@code -c} file with it. */
    ConfigDef definition();

    /**
     * Builds the role (without starting it).
     *
     * @throws dev.petrel.common.config.ConfigException if the values do not fit together
     */
    ServerRole create(Config config, Clock clock);
}
