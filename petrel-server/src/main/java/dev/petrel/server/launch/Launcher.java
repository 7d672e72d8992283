package dev.petrel.server.launch;

import ch.qos.logback.classic.LoggerContext;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.common.time.Clock;
import dev.petrel.server.role.RoleFactory;
import dev.petrel.server.role.ServerRole;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one command's roles: parses each role's configuration, prints it ({@code -p}) or starts the roles in order,
 * prints one ready line, and closes them in reverse order when the JVM is asked to stop (SIGTERM, Ctrl-C).
 *
 * <p>Logging starts here, after {@code petrel.role} names the log file ({@code logs/<command>.log}): nothing may touch
 * SLF4J before {@link #Launcher} runs. The console gets the {@value #CONSOLE} logger's lines and every warning; the
 * file gets everything.
 */
public final class Launcher {

    /** The logger whose INFO lines reach the console (see logback.xml). */
    public static final String CONSOLE = "petrel.console";
    /** A file-only logger, for stack traces that would clutter the console. */
    static final String DETAIL = "petrel.detail";

    /** call()'s result while the roles run: main must return without System.exit (the JVM may be shutting down). */
    public static final int RUNNING = -1;
    public static final int OK = 0;
    public static final int FAILED = 1;

    private final String command;
    private final Logger console;
    private final Logger detail;
    private final CountDownLatch stopped = new CountDownLatch(1);

    /**
     * @param command the subcommand ({@code namesrv}, {@code broker}, {@code standalone}); names the log file
     */
    public Launcher(String command) {
        this.command = command;
        System.setProperty("petrel.role", command);
        this.console = LoggerFactory.getLogger(CONSOLE);
        this.detail = LoggerFactory.getLogger(DETAIL);
    }

    public Logger console() {
        return console;
    }

    /**
     * Parses, then prints or starts.
     *
     * @param plans     the roles with their raw properties, in start order
     * @param extraKeys properties the command itself reads (not warned about as unknown)
     * @param source    where the properties came from, for messages ({@code -c} file or null)
     * @param rawKeys   every property name given, to warn about those nobody reads
     * @return {@link #OK} after -p, {@link #FAILED} when startup failed, {@link #RUNNING} after a clean shutdown
     */
    public int run(List<RolePlan> plans, Set<String> extraKeys, Path source, Set<String> rawKeys, boolean print,
                   PrintStream out) {
        warnUnknown(plans, extraKeys, source, rawKeys);
        Map<RolePlan, Config> configs = new LinkedHashMap<>();
        try {
            for (RolePlan plan : plans) {
                configs.put(plan, plan.factory().definition().parse(onlyKnown(plan), unknown -> { }));
            }
        } catch (ConfigException e) {
            return fail("bad configuration" + (source == null ? "" : " in " + source) + ": " + e.getMessage(), null);
        }
        if (print) {
            configs.forEach((plan, config) -> print(plan.factory(), config, out));
            return OK;
        }
        return start(configs);
    }

    private int start(Map<RolePlan, Config> configs) {
        // The hook is there before the first role starts: a SIGTERM at any moment (a script that stops the process
        // as soon as it reads the ready line, or one that gives up during the start) closes what has started.
        List<ServerRole> started = new CopyOnWriteArrayList<>();
        Thread hook = new Thread(() -> shutdown(started), "petrel-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            for (Map.Entry<RolePlan, Config> entry : configs.entrySet()) {
                ServerRole role = entry.getKey().factory().create(entry.getValue(), Clock.system());
                started.add(role);
                role.start();
            }
            for (MetricsRole endpoint : MetricsRole.plan(List.copyOf(started))) {
                started.add(endpoint);
                endpoint.start();
            }
        } catch (ConfigException e) {
            removeHook(hook);
            closeAll(started);
            return fail("bad configuration: " + e.getMessage(), null);
        } catch (Exception e) {
            removeHook(hook);
            closeAll(started);
            return fail(String.valueOf(e.getMessage()), e);
        }
        List<String> parts = new ArrayList<>();
        for (ServerRole role : started) {
            parts.add(role.describe());
        }
        long uptime = ManagementFactory.getRuntimeMXBean().getUptime();
        console.info("Petrel {} ready in {} ms: {} (pid {}; log {})", command, uptime, String.join(", ", parts),
            ProcessHandle.current().pid(), logFile());
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return RUNNING;
    }

    /** A start that failed closes its roles itself; the JVM is then already exiting if the hook cannot be removed. */
    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException exiting) {
            // the shutdown has begun: the hook runs and closes the roles
        }
    }

    private void shutdown(List<ServerRole> roles) {
        try {
            console.info("Petrel {} stopping", command);
            closeAll(roles);
            console.info("Petrel {} stopped", command);
        } finally {
            stopped.countDown();
            if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
                logback.stop(); // flush the asynchronous file appender
            }
        }
    }

    private void closeAll(List<ServerRole> roles) {
        for (int i = roles.size() - 1; i >= 0; i--) {
            try {
                roles.get(i).close();
            } catch (RuntimeException e) {
                console.warn("closing {} failed: {}", roles.get(i), e.toString());
                detail.warn("closing a role failed", e);
            }
        }
    }

    private int fail(String message, Exception cause) {
        if (cause != null && !(cause instanceof IllegalStateException)) {
            detail.error("startup failed", cause);
            console.error("Petrel {} failed to start: {} (details in {})", command, message, logFile());
        } else {
            if (cause != null) {
                detail.error("startup failed", cause);
            }
            console.error("Petrel {} failed to start: {}", command, message);
        }
        flushLogs();
        return FAILED;
    }

    private static void flushLogs() {
        if (LoggerFactory.getILoggerFactory() instanceof LoggerContext logback) {
            logback.stop();
        }
    }

    private void warnUnknown(List<RolePlan> plans, Set<String> extraKeys, Path source, Set<String> rawKeys) {
        for (String name : rawKeys) {
            boolean known = extraKeys.contains(name)
                || plans.stream().anyMatch(p -> p.factory().definition().key(name) != null);
            if (!known) {
                console.warn("unknown property '{}'{} is ignored", name, source == null ? "" : " in " + source);
            }
        }
    }

    private static Map<String, String> onlyKnown(RolePlan plan) {
        Map<String, String> known = new LinkedHashMap<>();
        plan.properties().forEach((k, v) -> {
            if (plan.factory().definition().key(k) != null) {
                known.put(k, v);
            }
        });
        return known;
    }

    private static void print(RoleFactory role, Config config, PrintStream out) {
        out.println("# " + role.title() + " (" + role.name() + ")");
        for (ConfigKey<?> key : config.definition().keys()) {
            Object value = config.get(key);
            out.println(key.name() + "=" + (value == null ? "" : key.format(value)));
        }
    }

    static String logFile() {
        return Path.of(System.getProperty("petrel.log.dir", "logs"), System.getProperty("petrel.role", "petrel") + ".log")
            .toString();
    }
}
