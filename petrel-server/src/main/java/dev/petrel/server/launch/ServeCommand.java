package dev.petrel.server.launch;

import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.PropertiesFile;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/**
 * What the server subcommands share: read {@code -c}, apply {@code -n}, plan the roles, hand them to the
 * {@link Launcher}. A subcommand says which roles it runs and how they split the properties.
 */
public abstract class ServeCommand implements Callable<Integer> {

    @Mixin
    protected LaunchOptions options;

    /** The subcommand's name: the log file's name and the ready line's first word. */
    protected abstract String name();

    /** The roles with their properties, in start order. */
    protected abstract List<RolePlan> plan(Map<String, String> raw, Launcher launcher);

    /** Properties the command reads itself (not warned about as unknown). */
    protected Set<String> extraKeys() {
        return Set.of();
    }

    @Override
    public Integer call() {
        Launcher launcher = new Launcher(name());
        Map<String, String> raw = new LinkedHashMap<>();
        if (options.configFile() != null) {
            if (!Files.isRegularFile(options.configFile())) {
                launcher.console().error("Petrel {} failed to start: the configuration file {} does not exist", name(),
                    options.configFile().toAbsolutePath());
                return Launcher.FAILED;
            }
            try {
                raw.putAll(PropertiesFile.read(options.configFile()));
            } catch (ConfigException e) {
                launcher.console().error("Petrel {} failed to start: {}", name(), e.getMessage());
                return Launcher.FAILED;
            }
        }
        if (options.namesrvAddr() != null) {
            raw.put("namesrvAddr", options.namesrvAddr());
        }
        List<RolePlan> plans;
        try {
            plans = plan(raw, launcher);
        } catch (ConfigException e) {
            launcher.console().error("Petrel {} failed to start: {}", name(), e.getMessage());
            return Launcher.FAILED;
        }
        return launcher.run(plans, extraKeys(), options.configFile(), raw.keySet(), options.printConfig(), System.out);
    }
}
